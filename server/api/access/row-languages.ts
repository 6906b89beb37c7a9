import { entityByName, entityByResource, type AnyEntity } from '#shared/entities/index.ts';
import { fromRow, type LooseDb, type Values } from '../resources/rows.ts';

/** The language a language row not yet stored is: none an account is limited to. */
export const NEW_LANGUAGE = -1;

/** The language of an audit entry about a row that is gone, or of a table without languages. */
export const NO_LANGUAGE = -2;

/** Ids looked up per statement (SQLite's parameter limit is far above; PostgreSQL's too). */
const CHUNK = 1000;

/**
 * The languages each row belongs to (entity.language): its own id, its language field, or the
 * languages of the rows its foreign keys point at. A row of an entity without languages (players)
 * belongs to none; a pointed-at row that does not exist adds none (the write that removed it is
 * checked on its own).
 */
export async function languagesOfRows(
  db: LooseDb,
  entity: AnyEntity,
  rows: readonly Values[],
): Promise<Array<Set<number>>> {
  const language = entity.language;
  if (!language) return rows.map(() => new Set());
  if ('self' in language)
    return rows.map((row) => new Set([row.id === undefined ? NEW_LANGUAGE : Number(row.id)]));
  if ('field' in language) {
    return rows.map((row) => {
      const value = row[language.field];
      return new Set(value === null || value === undefined ? [] : [Number(value)]);
    });
  }
  if ('audited' in language) return auditedLanguages(db, rows);
  if ('shared' in language) return rows.map(() => new Set([NO_LANGUAGE]));
  const sets = rows.map(() => new Set<number>());
  for (const { field, entity: name } of language.through) {
    const target = entityByName(name);
    const ids = [...new Set(rows.map((row) => row[field]).filter((id) => id !== null && id !== undefined))];
    const of = await languageFieldOf(db, target, ids.map(Number));
    rows.forEach((row, i) => {
      const found = of.get(Number(row[field]));
      if (found !== undefined) sets[i]!.add(found);
    });
  }
  return sets;
}

/** id → languageId of rows of an entity whose language is a field of its own. */
async function languageFieldOf(db: LooseDb, entity: AnyEntity, ids: number[]): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  const language = entity.language;
  if (!language || !('field' in language) || ids.length === 0) return found;
  for (let start = 0; start < ids.length; start += CHUNK) {
    const rows = await db
      .selectFrom(entity.table)
      .select(['id', language.field])
      .where('id', 'in', ids.slice(start, start + CHUNK))
      .execute();
    for (const row of rows) found.set(Number(row.id), Number(row[language.field]));
  }
  return found;
}

/** An audit entry's languages: those of the row it is about, while it is stored. */
async function auditedLanguages(db: LooseDb, entries: readonly Values[]): Promise<Array<Set<number>>> {
  const sets = entries.map(() => new Set<number>([NO_LANGUAGE]));
  const byResource = new Map<string, number[]>();
  entries.forEach((entry, i) => {
    const resource = String(entry.entity);
    const indexes = byResource.get(resource);
    if (indexes) indexes.push(i);
    else byResource.set(resource, [i]);
  });
  for (const [resource, indexes] of byResource) {
    const entity = entityByResource(resource);
    if (!entity?.language || 'audited' in entity.language) continue;
    if ('shared' in entity.language) {
      for (const i of indexes) sets[i] = new Set();
      continue;
    }
    const ids = indexes.map((i) => Number(entries[i]!.entityId));
    const stored = await db.selectFrom(entity.table).selectAll().where('id', 'in', ids).execute();
    const rows = stored.map((row) => fromRow(entity, row));
    const languages = await languagesOfRows(db, entity, rows);
    const byId = new Map(rows.map((row, i) => [Number(row.id), languages[i]!]));
    for (const i of indexes) {
      const found = byId.get(Number(entries[i]!.entityId));
      if (found) sets[i] = found;
    }
  }
  return sets;
}
