/**
 * Constraint and data errors of SQLite (better-sqlite3 `code`) and PostgreSQL (SQLSTATE `code`)
 * that a client's input can cause despite the store's own checks, e.g. two requests racing for the
 * same natural key. They are answered 409/400, never 500.
 */
export function databaseErrorStatus(error: unknown): { status: number; message: string } | null {
  const code = (error as { code?: unknown })?.code;
  if (typeof code !== 'string') return null;
  switch (code) {
    case 'SQLITE_CONSTRAINT_UNIQUE':
    case 'SQLITE_CONSTRAINT_PRIMARYKEY':
    case '23505':
      return { status: 409, message: 'A row with the same unique values already exists' };
    case 'SQLITE_CONSTRAINT_FOREIGNKEY':
    case '23503':
      return { status: 409, message: 'The change would break a reference between rows' };
    case 'SQLITE_CONSTRAINT_NOTNULL':
    case 'SQLITE_CONSTRAINT_CHECK':
    case '23502':
    case '23514':
      return { status: 400, message: 'A required value is missing or invalid' };
    case 'SQLITE_TOOBIG':
      return { status: 413, message: 'A value is too large' };
  }
  // SQLSTATE class 22: data exceptions (numeric out of range, invalid text, …).
  if (/^22[0-9A-Z]{3}$/.test(code)) return { status: 400, message: 'A value is out of range or malformed' };
  return null;
}
