/**
 * The team's limits (issue 33), apart from its zod schemas (shared/team.ts): the panel's screens
 * import these without loading zod.
 */

/** Tokens live at most a year; a shorter expiry is the caller's choice, and one is required. */
export const MAX_TOKEN_DAYS = 365;
/** An invitation's enrolment link is good for 24 hours. */
export const ENROLMENT_LIFETIME_MS = 24 * 60 * 60_000;

/** A token's state as the tokens list tells it (issue 43: its real state, its owner's included). */
export const TOKEN_STATUSES = ['active', 'expired', 'revoked', 'owner-inactive'] as const;
export type TokenStatus = (typeof TOKEN_STATUSES)[number];

/** The same, for people (the Team screen, `tokens list`). */
export const TOKEN_STATUS_TEXT: Record<TokenStatus, string> = {
  active: 'active',
  expired: 'expired',
  revoked: 'revoked',
  'owner-inactive': 'refused: its owner must set up two-factor again',
};

/** "30d", "12w", "1y" (or a bare number of days) → days; null when not such a duration. */
export function parseDays(text: string): number | null {
  const match = /^(\d{1,4})\s*(d|days?|w|weeks?|y|years?)?$/i.exec(text.trim());
  if (!match) return null;
  const n = Number(match[1]);
  const unit = (match[2] ?? 'd').toLowerCase()[0];
  return unit === 'w' ? n * 7 : unit === 'y' ? n * 365 : n;
}
