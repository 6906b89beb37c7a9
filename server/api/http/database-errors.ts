import { contentEntities, type AnyEntity } from '#shared/entities/index.ts';

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The entity whose unique key a violation names: PostgreSQL gives the constraint or index
 * (`stages_natural_key_unique`), SQLite its message ("UNIQUE constraint failed: stages.number",
 * "… index 'languages_natural_key_unique'").
 */
function violatedEntity(error: { constraint?: unknown; message?: unknown }): AnyEntity | undefined {
  const named = `${String(error.constraint ?? '')} ${String(error.message ?? '')}`;
  return (contentEntities as readonly AnyEntity[])
    .filter((entity) => entity.naturalKey)
    .find((entity) => new RegExp(`(^|[\\s'])${snake(entity.table)}[_.]`).test(named));
}

/** What a unique violation the API's own check could not see coming (a race) tells the client. */
function uniqueMessage(error: unknown): string {
  const entity = violatedEntity((error ?? {}) as { constraint?: unknown; message?: unknown });
  if (!entity) return 'A row with the same unique values already exists';
  return (
    `A ${entity.label.toLowerCase()} with the same ${(entity.naturalKey ?? []).join(', ')} was saved ` +
    `at the same moment; reload to see it`
  );
}

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
      return { status: 409, message: uniqueMessage(error) };
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
