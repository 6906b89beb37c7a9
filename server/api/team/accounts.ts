import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { normalReach, type Reach } from '#shared/permissions.ts';
import { ENROLMENT_LIFETIME_MS, type Account, type AccountChange } from '#shared/team.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { storedReach } from '../auth/credentials.ts';
import { hashToken } from '../auth/tokens.ts';
import { conflict, notFound } from '../http/errors.ts';
import type { Actor } from '../auth/context.ts';
import { revokeTokensOf } from './api-tokens.ts';
import { assertUsernameFree } from './unique-names.ts';

type Who = { actor: Actor; ip: string };

/** One change to the team, as the audit log keeps it (never a secret). */
export interface TeamChange {
  entity: 'accounts' | 'api-tokens';
  entityId: number;
  action: 'create' | 'update' | 'delete';
  before: unknown;
  after: unknown;
}

/** A password hash no password matches: an invited account logs in only once it has enrolled. */
const NO_PASSWORD = '';

const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/**
 * The panel accounts (users with role admin, and their credentials) as the Team screen and
 * `argus-words accounts` see them, and every change to them. Each change is audited (entity
 * `accounts`) in the transaction that makes it.
 */
export function accountStore(database: DatabaseHandle, clock: () => number) {
  const { db } = database;
  const yes = database.dialect === 'sqlite' ? 1 : true;
  const no = database.dialect === 'sqlite' ? 0 : false;

  const accounts = () =>
    db
      .selectFrom('users')
      .innerJoin('authCredentials', 'authCredentials.userId', 'users.id')
      .select([
        'users.id',
        'users.username',
        'users.isActive',
        'authCredentials.enrolledAt',
        'authCredentials.passwordHash',
        'authCredentials.permissions',
        'authCredentials.languages',
        'authCredentials.lastLoginAt',
        'authCredentials.lastLoginIp',
      ])
      .where('users.role', '=', 'admin')
      .where('users.deletedAt', 'is', null);

  type Row = Awaited<ReturnType<ReturnType<typeof accounts>['executeTakeFirstOrThrow']>>;
  const toAccount = (row: Row): Account => {
    const reach = storedReach(row.permissions, row.languages);
    return {
      id: row.id,
      username: row.username,
      permissions: reach.permissions,
      languages: reach.languages,
      isActive: Boolean(row.isActive),
      twoFactor: row.enrolledAt !== null,
      invitePending: row.passwordHash === NO_PASSWORD,
      lastLoginAt: iso(row.lastLoginAt),
      lastLoginIp: row.lastLoginIp,
    };
  };

  async function audit(trx: typeof db, who: Who, change: TeamChange): Promise<void> {
    const { entity, entityId, action, before, after } = change;
    await trx
      .insertInto('auditLog')
      .values({
        at: new Date(clock()).toISOString(),
        userId: who.actor.userId,
        username: who.actor.username,
        ip: who.ip,
        entity,
        entityId,
        action,
        before: before === null ? null : JSON.stringify(before),
        after: after === null ? null : JSON.stringify(after),
        changeSetId: null,
      } as never)
      .execute();
  }

  /** An invitation's one-time token (stored as its hash), good for ENROLMENT_LIFETIME_MS. */
  async function issueEnrolment(
    trx: typeof db,
    userId: number,
  ): Promise<{ token: string; expiresAt: number }> {
    const token = randomBytes(32).toString('base64url');
    const now = clock();
    await trx
      .insertInto('authTokens')
      .values({
        tokenHash: hashToken(token),
        kind: 'enrolment',
        userId,
        familyId: randomUUID(),
        createdAt: now,
        expiresAt: now + ENROLMENT_LIFETIME_MS,
      })
      .execute();
    return { token, expiresAt: now + ENROLMENT_LIFETIME_MS };
  }

  /** 409 unless an active administrator other than `userId` remains (rows locked on PostgreSQL). */
  async function assertAnotherAdministrator(trx: typeof db, userId: number, username: string): Promise<void> {
    let query = trx
      .selectFrom('authCredentials')
      .innerJoin('users', 'users.id', 'authCredentials.userId')
      .select('users.id')
      .where('authCredentials.permissions', '=', 'administrator')
      .where('users.role', '=', 'admin')
      .where('users.isActive', '=', yes as never)
      .where('users.deletedAt', 'is', null)
      .where('users.id', '!=', userId);
    if (database.dialect === 'postgres') query = query.forUpdate();
    if ((await query.execute()).length === 0)
      throw conflict(
        `${username} is the last active administrator: make another account an administrator first`,
      );
  }

  const store = {
    async list(): Promise<Account[]> {
      return (await accounts().orderBy('users.username').execute()).map(toAccount);
    },

    async get(id: number): Promise<Account> {
      const row = await accounts().where('users.id', '=', id).executeTakeFirst();
      if (!row) throw notFound(`Account ${id} not found`);
      return toAccount(row);
    },

    async byUsername(username: string): Promise<Account | null> {
      const row = await accounts().where('users.username', '=', username).executeTakeFirst();
      return row ? toAccount(row) : null;
    },

    /** The account's latest changes to content (the audit log), newest first. */
    async recentChanges(id: number, limit = 10): Promise<AccountChange[]> {
      const rows = await db
        .selectFrom('auditLog')
        .select(['at', 'entity', 'entityId', 'action'])
        .where('userId', '=', id)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        at: iso(typeof row.at === 'string' ? Date.parse(row.at) : (row.at as Date).getTime())!,
        entity: row.entity,
        entityId: row.entityId,
        action: row.action,
      }));
    },

    /** A new account with no password and a one-time enrolment token (24 h). */
    async invite(
      input: { username: string; reach: Reach },
      who: Who,
    ): Promise<{ account: Account; token: string; expiresAt: number }> {
      const now = clock();
      const reach = normalReach(input.reach.permissions, input.reach.languages);
      const created = await db.transaction().execute(async (trx) => {
        await assertUsernameFree(trx, database.dialect, input.username);
        const stamp = new Date(now).toISOString();
        const { id: userId } = await trx
          .insertInto('users')
          .values({
            username: input.username,
            role: 'admin',
            isActive: yes,
            isTwoFa: no,
            createdAt: stamp,
            updatedAt: stamp,
          } as never)
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('authCredentials')
          .values({
            userId,
            passwordHash: NO_PASSWORD,
            permissions: reach.permissions,
            languages: reach.languages === null ? null : JSON.stringify(reach.languages),
            createdAt: now,
            updatedAt: now,
          })
          .execute();
        const enrolment = await issueEnrolment(trx, userId);
        await audit(trx, who, {
          entity: 'accounts',
          entityId: userId,
          action: 'create',
          before: null,
          after: { username: input.username, ...reach },
        });
        return { userId, ...enrolment };
      });
      return { account: await store.get(created.userId), token: created.token, expiresAt: created.expiresAt };
    },

    /** A new enrolment link for an account that has not chosen its password yet. */
    async reinvite(id: number, who: Who): Promise<{ account: Account; token: string; expiresAt: number }> {
      const account = await store.get(id);
      if (!account.invitePending)
        throw conflict(`${account.username} has enrolled already: reset its two-factor instead`);
      const enrolment = await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('authTokens')
          .set({ revokedAt: clock() })
          .where('userId', '=', id)
          .where('kind', '=', 'enrolment')
          .where('revokedAt', 'is', null)
          .execute();
        const issued = await issueEnrolment(trx, id);
        await audit(trx, who, {
          entity: 'accounts',
          entityId: id,
          action: 'update',
          before: null,
          after: { invitation: 'renewed' },
        });
        return issued;
      });
      return { account, ...enrolment };
    },

    /** Changes permissions, languages or whether the account is active; the last administrator stays one. */
    async update(id: number, change: { reach?: Reach; isActive?: boolean }, who: Who): Promise<Account> {
      const before = await store.get(id);
      await db.transaction().execute(async (trx) => {
        const demoted = change.reach !== undefined && change.reach.permissions !== 'administrator';
        if (
          before.permissions === 'administrator' &&
          before.isActive &&
          (demoted || change.isActive === false)
        )
          await assertAnotherAdministrator(trx, id, before.username);
        const after: Record<string, unknown> = {};
        if (change.reach) {
          const reach = normalReach(change.reach.permissions, change.reach.languages);
          await trx
            .updateTable('authCredentials')
            .set({
              permissions: reach.permissions,
              languages: reach.languages === null ? null : JSON.stringify(reach.languages),
              updatedAt: clock(),
            })
            .where('userId', '=', id)
            .execute();
          Object.assign(after, reach);
        }
        // Deactivated: its sessions, open invitation and API tokens end for good; reactivating the
        // account brings none of them back (migration 0021 does the same for any other write).
        if (change.isActive === false && before.isActive) {
          const now = clock();
          await trx
            .updateTable('authTokens')
            .set({ revokedAt: now })
            .where('userId', '=', id)
            .where('revokedAt', 'is', null)
            .execute();
          after.tokensRevoked = await revokeTokensOf(trx, id, now);
        }
        if (change.isActive !== undefined) {
          await trx
            .updateTable('users')
            .set({
              isActive: change.isActive ? yes : no,
              updatedAt: new Date(clock()).toISOString(),
            } as never)
            .where('id', '=', id)
            .execute();
          after.isActive = change.isActive;
        }
        const was = {
          permissions: before.permissions,
          languages: before.languages,
          isActive: before.isActive,
        };
        await audit(trx, who, { entity: 'accounts', entityId: id, action: 'update', before: was, after });
      });
      return store.get(id);
    },

    /** Notes one team action that changes no account field (sessions ended, two-factor reset). */
    async note(id: number, what: string, who: Who): Promise<void> {
      await audit(db, who, {
        entity: 'accounts',
        entityId: id,
        action: 'update',
        before: null,
        after: { action: what },
      });
    },

    /** Audits a change to the team made elsewhere (an API token created or revoked). */
    audit: (who: Who, change: TeamChange) => audit(db, who, change),

    /** Whether an enrolment token is live (neither used, revoked nor expired). */
    async enrolmentOpen(token: string): Promise<boolean> {
      const row = await db
        .selectFrom('authTokens')
        .select('id')
        .where('tokenHash', '=', hashToken(token))
        .where('kind', '=', 'enrolment')
        .where('revokedAt', 'is', null)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', clock())
        .executeTakeFirst();
      return row !== undefined;
    },

    /** An invitation's token: sets the first password once; the next login sets up two-factor. */
    async enrol(token: string, passwordHash: string): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('authTokens')
          .select(['id', 'userId'])
          .where('tokenHash', '=', hashToken(token))
          .where('kind', '=', 'enrolment')
          .where('revokedAt', 'is', null)
          .where('usedAt', 'is', null)
          .where('expiresAt', '>', clock())
          .executeTakeFirst();
        if (!row) return null;
        const used = await trx
          .updateTable('authTokens')
          .set({ usedAt: clock() })
          .where('id', '=', row.id)
          .where('usedAt', 'is', null)
          .executeTakeFirst();
        if (used.numUpdatedRows !== 1n) return null;
        await trx
          .updateTable('authCredentials')
          .set({ passwordHash, updatedAt: clock() })
          .where('userId', '=', row.userId)
          .execute();
        const user = await trx
          .selectFrom('users')
          .select('username')
          .where('id', '=', row.userId)
          .executeTakeFirstOrThrow();
        return user.username;
      });
    },

    /** Count of how many administrators are active (the bootstrap and tests ask). */
    async activeAdministrators(): Promise<number> {
      const row = await accounts()
        .clearSelect()
        .select(sql<number>`count(*)`.as('n'))
        .where('authCredentials.permissions', '=', 'administrator')
        .where('users.isActive', '=', yes as never)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
  return store;
}

export type AccountStore = ReturnType<typeof accountStore>;
