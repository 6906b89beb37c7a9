import type { ApiAnswer, Step } from '../http/call.ts';
import type { AdminLookup, AdminLookups } from './admin-lookups.ts';
import { isActiveAdmin, type Actor } from './context.ts';
import { authError, bearerToken, MESSAGES } from './http.ts';
import { isGame, narrowerReach } from '#shared/permissions.ts';

/** The actor a lookup grants /cms/ access to: a live token of an active admin who completed 2FA. */
export function actorOf({ token, account, apiToken }: AdminLookup): Actor | null {
  if (!token || !isActiveAdmin(account)) return null;
  if (!apiToken) {
    return {
      userId: account.userId,
      username: account.username,
      reach: account.reach,
      limitKey: `user:${account.userId}`,
    };
  }
  // A token never reaches further than its owner does now (the owner may have been narrowed since).
  return {
    userId: account.userId,
    username: `${account.username} · token ${apiToken.name}`,
    reach: narrowerReach(apiToken.reach, account.reach),
    limitKey: `token:${apiToken.id}`,
    token: { id: apiToken.id, name: apiToken.name },
  };
}

/**
 * Guards the /cms/ endpoints: a live access token or API token (401 otherwise) of an active admin
 * who completed two-factor (403 otherwise). Demoting, deactivating or deleting an admin, or revoking
 * a token, takes effect at once: the account is read again after any commit (admin-lookups.ts).
 * A game token (issue 45) passes only where `allowGame` says so: the game's release reads.
 */
export function requireAdminStep(
  lookup: AdminLookups,
  touch: (found: AdminLookup, ip: string) => void,
  { allowGame = false }: { allowGame?: boolean } = {},
): Step {
  return async (ctx) => {
    const token = bearerToken(ctx);
    if (!token) return authError(401, MESSAGES.authenticationRequired);
    const found = await lookup(token);
    const admitted = admittedActor(found, allowGame);
    if ('refusal' in admitted) return admitted.refusal;
    ctx.actor = admitted.actor;
    touch(found, ctx.ip);
  };
}

/** The actor a lookup admits (401 without a live token, 403 unless an admin's; a game token where allowed). */
export function admittedActor(
  found: AdminLookup,
  allowGame: boolean,
): { actor: Actor } | { refusal: ApiAnswer } {
  if (!found.token) return { refusal: authError(401, MESSAGES.invalidToken) };
  const actor = actorOf(found);
  if (!actor) return { refusal: authError(403, MESSAGES.notAdmin) };
  if (isGame(actor.reach) && !allowGame) return { refusal: authError(403, MESSAGES.gameToken) };
  return { actor };
}
