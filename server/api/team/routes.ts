import { describeReach, narrowerReach, normalReach, reachWithin, type Reach } from '#shared/permissions.ts';
import { enrolRequestSchema, type ApiToken, type Enrolment, type Whoami } from '#shared/team.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import { securityEvent } from '../../observability/security-events.ts';
import { isActiveAdmin, type AuthContext } from '../auth/context.ts';
import { authError, parseBody } from '../auth/http.ts';
import { hashPassword, passwordProblem } from '../auth/passwords.ts';
import { json, type ApiContext } from '../http/call.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import { implement, type ApiOperation, type InputOf } from '../http/operation.ts';
import { languageNames } from '../access/language-names.ts';
import { looseDb } from '../resources/rows.ts';
import { accountStore } from './accounts.ts';
import type { ApiTokenRow } from './api-tokens.ts';
import {
  createToken,
  endSessions,
  enrol,
  getAccount,
  inviteAccount,
  listAccounts,
  listTokens,
  renewInvitation,
  resetTwoFactor,
  revokeToken,
  updateAccount,
  whoami as whoamiOp,
} from './declarations.ts';

const DAY_MS = 24 * 60 * 60_000;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The Team (issue 33): `accounts/cms` (list, invite, change, deactivate, reset two-factor, end
 * sessions), `tokens/cms` (list, create, revoke), `accounts/cms/me` (who am I, for every actor)
 * and the public `auth/enrol` an invitation's link leads to. Every change is audited and logged
 * as a security event.
 */
export function teamOperations(deps: {
  database: DatabaseHandle;
  auth: AuthContext;
  clock: () => number;
  logger: Logger;
  /** Where the panel's enrolment page is (the link an invitation sends). */
  enrolmentPath: string;
}): ApiOperation[] {
  const { database, auth, clock, logger } = deps;
  const accounts = accountStore(database, clock);
  const db = looseDb(database);
  const who = (ctx: ApiContext) => ({ actor: ctx.actor!, ip: ctx.ip });
  const event = (
    ctx: ApiContext,
    name: Parameters<typeof securityEvent>[1],
    fields: Record<string, unknown>,
  ) => securityEvent(logger, name, { by: ctx.actor?.username ?? null, ip: ctx.ip, ...fields });

  /** A reach from a request, its languages checked to exist (400 naming the unknown id). */
  const reachOf = async (permissions: Reach['permissions'], languages: number[] | null | undefined) => {
    const reach = normalReach(permissions, languages ?? null);
    if (reach.languages) {
      const known = await db
        .selectFrom('languages')
        .select('id')
        .where('id', 'in', reach.languages)
        .execute();
      const missing = reach.languages.filter((id) => !known.some((row) => Number(row.id) === id));
      if (missing.length > 0)
        throw badRequest(`No language with id ${missing.join(', ')}`, {
          languages: [`unknown: ${missing.join(', ')}`],
        });
    }
    return reach;
  };

  const enrolment = (account: Enrolment['account'], token: string, expiresAt: number): Enrolment => ({
    account,
    enrolmentPath: `${deps.enrolmentPath}?token=${token}`,
    expiresAt: new Date(expiresAt).toISOString(),
  });

  /** A token as the list shows it: its real state, and what it may do now, by its owner's too. */
  const tokenAnswer = async (row: ApiTokenRow): Promise<ApiToken> => {
    const owner = await auth.credentials.byUserId(row.userId);
    const now = clock();
    const status: ApiToken['status'] =
      row.revokedAt !== null
        ? 'revoked'
        : row.expiresAt <= now
          ? 'expired'
          : !isActiveAdmin(owner)
            ? 'owner-inactive'
            : 'active';
    const effective = owner ? narrowerReach(row.reach, owner.reach) : { ...row.reach, languages: [] };
    return {
      id: row.id,
      name: row.name,
      ownerId: row.userId,
      owner: owner ? owner.username : `user ${row.userId}`,
      permissions: row.reach.permissions,
      languages: row.reach.languages,
      effective: { permissions: effective.permissions, languages: effective.languages },
      createdAt: iso(row.createdAt)!,
      expiresAt: iso(row.expiresAt)!,
      lastUsedAt: iso(row.lastUsedAt),
      lastUsedIp: row.lastUsedIp,
      status,
    };
  };

  const whoami = async (ctx: ApiContext) => {
    const actor = ctx.actor!;
    const names = await languageNames(db);
    const token = actor.token ? await auth.apiTokens.byId(actor.token.id) : null;
    const answer: Whoami = {
      userId: actor.userId,
      username: actor.username,
      permissions: actor.reach.permissions,
      languages: actor.reach.languages,
      reach: describeReach(actor.reach, names),
      token: token ? { id: token.id, name: token.name, expiresAt: iso(token.expiresAt)! } : null,
    };
    return json(answer);
  };

  /** Reset two-factor or end the sessions: sessions end; ending them ends the API tokens too. */
  const accountAction =
    (path: 'reset-2fa' | 'end-sessions', name: Parameters<typeof securityEvent>[1], what: string) =>
    async (ctx: ApiContext<InputOf<typeof resetTwoFactor>>) => {
      const { id } = ctx.input.params;
      const account = await accounts.get(id);
      if (path === 'reset-2fa') await auth.credentials.resetTwoFactor(id);
      await auth.tokens.revokeUser(id);
      // Ending the sessions ends the account's API tokens too (docs/api.md says why).
      const tokensRevoked = path === 'end-sessions' ? await auth.apiTokens.revokeOwner(id) : 0;
      const revoked = `${tokensRevoked} API token${tokensRevoked === 1 ? '' : 's'} revoked`;
      await accounts.note(id, tokensRevoked > 0 ? `${what}, ${revoked}` : what, who(ctx));
      event(ctx, name, { username: account.username, userId: id, tokensRevoked });
      return json(await accounts.get(id));
    };

  return [
    implement(whoamiOp, whoami),
    implement(listAccounts, async () => json({ content: await accounts.list() })),
    implement(inviteAccount, async (ctx) => {
      const body = ctx.input.body;
      const reach = await reachOf(body.permissions, body.languages);
      const invited = await accounts.invite({ username: body.username, reach }, who(ctx));
      event(ctx, 'team.invited', {
        username: body.username,
        permissions: reach.permissions,
        languages: reach.languages,
      });
      return json(enrolment(invited.account, invited.token, invited.expiresAt), 201);
    }),
    implement(getAccount, async (ctx) => {
      const { id } = ctx.input.params;
      return json({ ...(await accounts.get(id)), recentChanges: await accounts.recentChanges(id) });
    }),
    implement(updateAccount, async (ctx) => {
      const { id } = ctx.input.params;
      const body = ctx.input.body;
      const current = await accounts.get(id);
      const changesReach = body.permissions !== undefined || body.languages !== undefined;
      const reach = changesReach
        ? await reachOf(
            body.permissions ?? current.permissions,
            body.languages === undefined ? current.languages : body.languages,
          )
        : undefined;
      const account = await accounts.update(
        id,
        { ...(reach ? { reach } : {}), ...(body.isActive !== undefined ? { isActive: body.isActive } : {}) },
        who(ctx),
      );
      event(ctx, 'team.account_changed', { username: account.username, userId: id, ...body });
      return json(account);
    }),
    implement(resetTwoFactor, accountAction('reset-2fa', 'team.2fa_reset', 'two-factor reset')),
    implement(endSessions, accountAction('end-sessions', 'team.sessions_ended', 'sessions ended')),
    implement(renewInvitation, async (ctx) => {
      const invited = await accounts.reinvite(ctx.input.params.id, who(ctx));
      event(ctx, 'team.invited', { username: invited.account.username, renewed: true });
      return json(enrolment(invited.account, invited.token, invited.expiresAt), 201);
    }),
    implement(listTokens, async () =>
      json({ content: await Promise.all((await auth.apiTokens.list()).map(tokenAnswer)) }),
    ),
    implement(createToken, async (ctx) => {
      const body = ctx.input.body;
      const reach = await reachOf(body.permissions, body.languages);
      if (!reachWithin(reach, ctx.actor!.reach))
        throw new ApiError(403, 'A token may reach no further than the account that creates it');
      const { token, row } = await auth.apiTokens.create({
        name: body.name,
        userId: ctx.actor!.userId,
        reach,
        expiresAt: clock() + body.expiresInDays * DAY_MS,
      });
      const answer = await tokenAnswer(row);
      await accounts.audit(who(ctx), {
        entity: 'api-tokens',
        entityId: row.id,
        action: 'create',
        before: null,
        after: {
          name: row.name,
          permissions: reach.permissions,
          languages: reach.languages,
          expiresAt: answer.expiresAt,
        },
      });
      event(ctx, 'token.created', { tokenId: row.id, name: row.name, permissions: reach.permissions });
      return json({ ...answer, token }, 201);
    }),
    implement(revokeToken, async (ctx) => {
      const { id } = ctx.input.params;
      const row = await auth.apiTokens.byId(id);
      if (!row) throw notFound(`Token ${id} not found`);
      if (await auth.apiTokens.revoke(id)) {
        await accounts.audit(who(ctx), {
          entity: 'api-tokens',
          entityId: id,
          action: 'delete',
          before: { name: row.name },
          after: null,
        });
        event(ctx, 'token.revoked', { tokenId: id, name: row.name });
      }
      return json(await tokenAnswer((await auth.apiTokens.byId(id))!));
    }),
    implement(enrol, async (ctx) => {
      const parsed = parseBody(enrolRequestSchema, ctx);
      if (!parsed.ok) return parsed.answer;
      const problem = passwordProblem(parsed.value.password);
      if (problem) return authError(400, problem);
      const expired =
        'This enrolment link has expired or was used already: ask an administrator for a new one.';
      // Checked before the (deliberately slow) hash, so a made-up link costs one read.
      if (!(await accounts.enrolmentOpen(parsed.value.token))) return authError(400, expired);
      const username = await accounts.enrol(parsed.value.token, await hashPassword(parsed.value.password));
      if (!username) return authError(400, expired);
      securityEvent(logger, 'team.enrolled', { username, ip: ctx.ip });
      return json({ username });
    }),
  ];
}
