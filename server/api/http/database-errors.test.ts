import { describe, expect, it } from 'vitest';
import { databaseErrorStatus } from './database-errors.ts';

describe('databaseErrorStatus', () => {
  it('names the natural key a racing write broke, on both dialects', () => {
    expect(databaseErrorStatus({ code: '23505', constraint: 'stages_natural_key_unique' })).toEqual({
      status: 409,
      message: 'A stage with the same number was saved at the same moment; reload to see it',
    });
    const sqlite = {
      code: 'SQLITE_CONSTRAINT_UNIQUE',
      message: "UNIQUE constraint failed: index 'languages_natural_key_unique'",
    };
    expect(databaseErrorStatus(sqlite)?.message).toBe(
      'A language with the same language was saved at the same moment; reload to see it',
    );
    const words = {
      code: 'SQLITE_CONSTRAINT_UNIQUE',
      message: 'UNIQUE constraint failed: words.language_id, words.letters',
    };
    expect(databaseErrorStatus(words)?.message).toMatch(/^A word with the same languageId, letters/);
    expect(databaseErrorStatus({ code: '23505', constraint: 'auth_sessions_token_hash_key' })).toEqual({
      status: 409,
      message: 'A row with the same unique values already exists',
    });
  });
});
