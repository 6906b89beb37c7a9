import type { Config } from './config.ts';

const FULL =
  /ENOSPC|SQLITE_FULL|database or disk is full|no space left|cannot rollback - no transaction is active/i;
const READ_ONLY =
  /EROFS|EACCES|EPERM|SQLITE_READONLY|SQLITE_CANTOPEN|readonly database|unable to open database/i;
const PG_DOWN =
  /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|timeout exceeded when trying to connect|the database system is (starting up|shutting down)|password authentication failed|does not exist/i;

/**
 * One line for an operator when the server cannot start for a reason outside the code: the data
 * directory full or read-only, the database unreachable. Null for anything else (a bug: the caller
 * shows it as it is).
 */
export function startupFailure(
  error: unknown,
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
): string | null {
  const { code, message = '' } = (error ?? {}) as { code?: unknown; message?: string };
  const text = `${typeof code === 'string' ? code : ''} ${message}`;
  if (config.databaseUrl) {
    if (PG_DOWN.test(text)) {
      return `Cannot start: the PostgreSQL database (DATABASE_URL) is unavailable: ${message}`;
    }
  }
  const where = `the data directory ${config.dataDir}`;
  if (FULL.test(text)) {
    return `Cannot start: ${where} has no space left (the disk is full). Free some space, then start again.`;
  }
  if (READ_ONLY.test(text)) {
    return `Cannot start: ${where} is not writable (${typeof code === 'string' ? code : message}). Give the server's user write access to it, or set DATA_DIR.`;
  }
  return null;
}
