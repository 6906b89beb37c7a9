import { useEffect, useState } from 'react';
import { holdSessionEnd } from './session-hold.ts';

/**
 * The state of the re-login a form asks for when its session has ended (issue 12): opened by a
 * 401 on Save (with the save to run again once logged in) or by the idle monitor while the form
 * holds input (nothing to run; the next Save goes through).
 */
export function useReauth(holdingInput: boolean) {
  const [pending, setPending] = useState<{ retry: (() => void) | null } | null>(null);
  const holding = holdingInput || pending !== null;

  useEffect(() => {
    if (!holding) return;
    // Keeps a retry already waiting: the monitor's news may come after the failed save's.
    return holdSessionEnd(() => setPending((current) => current ?? { retry: null }));
  }, [holding]);

  return {
    open: pending !== null,
    /** Whether a save runs once logged in again. */
    saving: pending?.retry != null,
    /** The session is gone: ask for the login, then run `retry`. */
    ask: (retry: () => void) => setPending({ retry }),
    /** Logged in again: close and finish what was interrupted. */
    done() {
      const retry = pending?.retry;
      setPending(null);
      retry?.();
    },
    cancel: () => setPending(null),
  };
}

export type Reauth = ReturnType<typeof useReauth>;
