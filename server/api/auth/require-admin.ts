import type { Step } from '../http/call.ts';
import type { AdminLookup, AdminLookups } from './admin-lookups.ts';
import { isActiveAdmin, type Actor } from './context.ts';
import { authError, bearerToken, MESSAGES } from './http.ts';

/** The actor a lookup grants /cms/ access to: a live token of an active admin who completed 2FA. */
export function actorOf({ token, account }: AdminLookup): Actor | null {
  if (!token || !isActiveAdmin(account)) return null;
  return { userId: account.userId, username: account.username };
}

/**
 * Guards the /cms/ endpoints: a live access token (401 otherwise) of an active admin who completed
 * two-factor (403 otherwise). Demoting, deactivating or deleting an admin takes effect at once: the
 * account is read again after any commit (admin-lookups.ts).
 */
export function requireAdminStep(lookup: AdminLookups): Step {
  return async (ctx) => {
    const token = bearerToken(ctx);
    if (!token) return authError(401, MESSAGES.authenticationRequired);
    const found = await lookup(token);
    if (!found.token) return authError(401, MESSAGES.invalidToken);
    const actor = actorOf(found);
    if (!actor) return authError(403, MESSAGES.notAdmin);
    ctx.actor = actor;
  };
}
