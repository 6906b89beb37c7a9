import type { DatabaseHandle } from '../../db/database.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { normalReach, PERMISSION_SETS, type PermissionSet, type Reach } from '#shared/permissions.ts';

/** A user as authentication sees it: content row (users) plus credentials. */
export interface Account {
  userId: number;
  username: string;
  role: string;
  isActive: boolean;
  isDeleted: boolean;
  isTwoFa: boolean;
  passwordHash: string;
  /** Sealed (encrypted) TOTP secret; null until the first admin login. */
  totpSecret: string | null;
  enrolled: boolean;
  /** The account's permission set and languages (migration 0017). */
  reach: Reach;
}

/** A stored permission set and language list (JSON text) as a Reach; anything unknown reaches nothing. */
export function storedReach(permissions: string, languages: string | null): Reach {
  const known = (PERMISSION_SETS as readonly string[]).includes(permissions);
  if (!known) return { permissions: 'viewer', languages: [] };
  let ids: number[] | null = null;
  if (languages !== null) {
    const parsed: unknown = JSON.parse(languages);
    ids = Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
  }
  return normalReach(permissions as PermissionSet, ids);
}

export type CredentialStore = ReturnType<typeof createCredentialStore>;

/** Every read and write of the credential tables (auth_credentials, auth_recovery_codes). */
export function createCredentialStore(database: DatabaseHandle, clock: () => number = Date.now) {
  const { db } = database;
  const yes = database.dialect === 'sqlite' ? 1 : true;
  const no = database.dialect === 'sqlite' ? 0 : false;

  const accounts = () =>
    db
      .selectFrom('users')
      .innerJoin('authCredentials', 'authCredentials.userId', 'users.id')
      .select([
        'users.id as userId',
        'users.username',
        'users.role',
        'users.isActive',
        'users.deletedAt',
        'users.isTwoFa',
        'authCredentials.passwordHash',
        'authCredentials.totpSecret',
        'authCredentials.enrolledAt',
        'authCredentials.permissions',
        'authCredentials.languages',
      ]);

  const toAccount = (
    row: Awaited<ReturnType<ReturnType<typeof accounts>['executeTakeFirstOrThrow']>>,
  ): Account => ({
    userId: row.userId,
    username: row.username,
    role: row.role,
    isActive: Boolean(row.isActive),
    isDeleted: row.deletedAt !== null,
    isTwoFa: Boolean(row.isTwoFa),
    passwordHash: row.passwordHash,
    totpSecret: row.totpSecret,
    enrolled: row.enrolledAt !== null,
    reach: storedReach(row.permissions, row.languages),
  });

  // Every API request reads its account: the queries are compiled once.
  const byName = compiledOnce((username: string) => accounts().where('users.username', '=', username));
  const byId = compiledOnce((userId: number) => accounts().where('users.id', '=', userId));

  return {
    async byUsername(username: string): Promise<Account | null> {
      const [row] = (await db.executeQuery(byName(username))).rows;
      return row ? toAccount(row) : null;
    },

    async byUserId(userId: number): Promise<Account | null> {
      const [row] = (await db.executeQuery(byId(userId))).rows;
      return row ? toAccount(row) : null;
    },

    /** Sets (or replaces) a user's password hash. */
    async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
      const now = clock();
      await db
        .insertInto('authCredentials')
        .values({ userId, passwordHash, createdAt: now, updatedAt: now })
        .onConflict((oc) => oc.column('userId').doUpdateSet({ passwordHash, updatedAt: now }))
        .execute();
    },

    /** Stores a pending TOTP secret unless one is already there (concurrent first logins). */
    async setPendingSecret(userId: number, sealedSecret: string): Promise<void> {
      await db
        .updateTable('authCredentials')
        .set({ totpSecret: sealedSecret, updatedAt: clock() })
        .where('userId', '=', userId)
        .where('totpSecret', 'is', null)
        .execute();
    },

    /** Accepts a TOTP time step once only: later or concurrent uses of it (or earlier steps) fail. */
    async acceptStep(userId: number, step: number): Promise<boolean> {
      const result = await db
        .updateTable('authCredentials')
        .set({ lastTotpStep: step })
        .where('userId', '=', userId)
        .where((eb) => eb.or([eb('lastTotpStep', 'is', null), eb('lastTotpStep', '<', step)]))
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Uses up a recovery code; false when unknown or already used (atomic). */
    async consumeRecoveryCode(userId: number, codeHash: string): Promise<boolean> {
      const result = await db
        .updateTable('authRecoveryCodes')
        .set({ usedAt: clock() })
        .where('userId', '=', userId)
        .where('codeHash', '=', codeHash)
        .where('usedAt', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /**
     * Completes enrolment with the given recovery code hashes. False (and nothing written) when
     * the user had already enrolled, so codes are handed out once only.
     */
    async completeEnrolment(userId: number, recoveryCodeHashes: string[]): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('authCredentials')
          .set({ enrolledAt: clock(), updatedAt: clock() })
          .where('userId', '=', userId)
          .where('enrolledAt', 'is', null)
          .where('totpSecret', 'is not', null)
          .executeTakeFirst();
        if (result.numUpdatedRows !== 1n) return false;
        await trx.deleteFrom('authRecoveryCodes').where('userId', '=', userId).execute();
        await trx
          .insertInto('authRecoveryCodes')
          .values(recoveryCodeHashes.map((codeHash) => ({ userId, codeHash })))
          .execute();
        await trx.updateTable('users').set({ isTwoFa: yes }).where('id', '=', userId).execute();
        return true;
      });
    },

    /** When and from where the account last completed a login (the Team screen shows it). */
    async noteLogin(userId: number, ip: string): Promise<void> {
      await db
        .updateTable('authCredentials')
        .set({ lastLoginAt: clock(), lastLoginIp: ip })
        .where('userId', '=', userId)
        .execute();
    },

    /** Forgets enrolment, secret and recovery codes: the next login enrols again. */
    async resetTwoFactor(userId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('authCredentials')
          .set({ totpSecret: null, enrolledAt: null, lastTotpStep: null, updatedAt: clock() })
          .where('userId', '=', userId)
          .execute();
        await trx.deleteFrom('authRecoveryCodes').where('userId', '=', userId).execute();
        await trx.updateTable('users').set({ isTwoFa: no }).where('id', '=', userId).execute();
      });
    },
  };
}
