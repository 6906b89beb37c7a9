import { cleanName, sameName, USERNAME_LIMITS } from '#shared/names.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { createCredentialStore } from '../api/auth/credentials.ts';
import { hashPassword, passwordProblem } from '../api/auth/passwords.ts';
import { createTokenStore } from '../api/auth/tokens.ts';

/** A refusal to show the operator as is (one line, no stack). */
export class AdminError extends Error {}

export interface AdminInput {
  username: string;
  password: string;
}

export interface AdminResult {
  userId: number;
  /** False when an existing admin's password was reset. */
  created: boolean;
}

/** The username as stored (shared/names.ts: NFKC), or an AdminError saying why it cannot be one. */
function checkUsername(raw: string): string {
  const checked = cleanName(raw, USERNAME_LIMITS);
  if (!checked.ok) throw new AdminError(`Username ${checked.reason}.`);
  return checked.name;
}

/**
 * Creates an admin (users row with role 'admin' plus credentials), or resets the password of an
 * existing one, reactivating it and ending its sessions. A player's username is refused rather
 * than silently promoted.
 */
export async function createOrResetAdmin(
  database: DatabaseHandle,
  input: AdminInput,
  clock: () => number = Date.now,
): Promise<AdminResult> {
  const username = checkUsername(input.username);
  const { password } = input;
  const problem = passwordProblem(password);
  if (problem) throw new AdminError(problem);
  const passwordHash = await hashPassword(password);
  const { db } = database;
  const yes = database.dialect === 'sqlite' ? 1 : true;
  const now = new Date(clock()).toISOString();

  const existing = await db
    .selectFrom('users')
    .select(['id', 'role'])
    .where('username', '=', username)
    .executeTakeFirst();
  if (existing && existing.role !== 'admin') {
    throw new AdminError(`User "${username}" exists and is not an admin; choose another username.`);
  }
  if (!existing) {
    // One name without regard to case: "ADMIN" beside "admin" would pass for it.
    const admins = await db.selectFrom('users').select('username').where('role', '=', 'admin').execute();
    const alike = admins.find((row) => sameName(row.username, username));
    if (alike)
      throw new AdminError(
        `An account is called "${alike.username}" (usernames are compared without regard to case): use that name to reset its password, or choose another.`,
      );
  }
  let userId: number;
  if (existing) {
    userId = existing.id;
    await db
      .updateTable('users')
      .set({ isActive: yes, deletedAt: null, updatedAt: now })
      .where('id', '=', userId)
      .execute();
  } else {
    const inserted = await db
      .insertInto('users')
      .values({ username, role: 'admin', isActive: yes, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = inserted.id;
  }
  await createCredentialStore(database, clock).setPasswordHash(userId, passwordHash);
  await createTokenStore(db, clock).revokeUser(userId);
  return { userId, created: !existing };
}

/** Clears an admin's two-factor enrolment and sessions: the next login shows a new QR code. */
export async function resetAdminTwoFactor(
  database: DatabaseHandle,
  username: string,
  clock: () => number = Date.now,
): Promise<void> {
  const credentials = createCredentialStore(database, clock);
  const account = await credentials.byUsername(username);
  if (!account || account.role !== 'admin') throw new AdminError(`No admin named "${username}".`);
  await credentials.resetTwoFactor(account.userId);
  await createTokenStore(database.db, clock).revokeUser(account.userId);
}

/** Whether any admin that has not been deleted exists. */
export async function hasAdmin(database: DatabaseHandle): Promise<boolean> {
  const row = await database.db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('deletedAt', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
