import type { LooseDb } from '../resources/rows.ts';
import { NEW_LANGUAGE, NO_LANGUAGE } from './row-languages.ts';

/**
 * Language id → name, for messages that name what an account may reach ("French words only").
 * Read when a refusal is written or a reach described, never on the normal path.
 */
export async function languageNames(db: LooseDb): Promise<(id: number) => string> {
  const rows = await db.selectFrom('languages').select(['id', 'language']).execute();
  const names = new Map(rows.map((row) => [Number(row.id), String(row.language)]));
  return (id) =>
    id === NEW_LANGUAGE
      ? 'a new language'
      : id === NO_LANGUAGE
        ? 'no language'
        : (names.get(id) ?? `language ${id}`);
}
