/**
 * Work that must outlive the session (issue 12): a form holding unsaved input registers here, and
 * when the idle monitor finds the session ended (expired, revoked, logged out elsewhere) it asks
 * the form to have the admin log in again in place, instead of leaving the page and the input.
 */
type Holder = () => void;

const holders = new Set<Holder>();

/** While registered, an ended session calls `onSessionEnded` instead of leaving the panel. */
export function holdSessionEnd(onSessionEnded: Holder): () => void {
  holders.add(onSessionEnded);
  return () => {
    holders.delete(onSessionEnded);
  };
}

/** Tells the holders the session has ended; false when nothing holds (then the panel is left). */
export function sessionEndHeld(): boolean {
  if (holders.size === 0) return false;
  for (const holder of holders) holder();
  return true;
}
