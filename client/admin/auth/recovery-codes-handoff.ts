/**
 * Hands the recovery codes of a just-completed enrolment from the two-factor action to the panel
 * home, in this tab's memory only: they are shown once and are gone after a reload. Only the
 * browser ever writes here (actions run client-side), so server renders never see another
 * request's codes.
 */
let pending: string[] | null = null;

export function handOverRecoveryCodes(codes: string[]): void {
  pending = codes.length > 0 ? [...codes] : null;
}

/** The codes, once; null afterwards. */
export function takeRecoveryCodes(): string[] | null {
  const codes = pending;
  pending = null;
  return codes;
}
