import { entityByName, type AnyEntity, type EntityName } from '#shared/entities/index.ts';
import { MAX_PAGE_SIZE } from '#shared/api-client/index.ts';
import { entityApi, type Row } from '../entity-api.ts';

/** Entity → id → what a person calls that row ("4 · ABCDE", "English"). */
export type Titles = Partial<Record<EntityName, Record<number, string>>>;

/** The foreign keys of an entity: field → the entity it points at. */
export function foreignKeys(entity: AnyEntity): Array<[field: string, target: EntityName]> {
  return Object.entries(entity.fields).flatMap(([field, description]) =>
    description.kind === 'fk' && description.references ? [[field, description.references] as const] : [],
  ) as Array<[string, EntityName]>;
}

const idOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

/** The title of the row a foreign key points at, or `#id` while it is unknown. */
export function fkTitle(entity: AnyEntity, row: Row, field: string, titles: Titles): string {
  const target = entity.fields[field]?.references;
  const id = idOf(row[field]);
  if (!target || id === null) return '';
  return titles[target]?.[id] ?? `#${id}`;
}

/**
 * How a row is named to a person (list cells, confirmations): the entity's title, or, for a row
 * with no name of its own (a user-level), its id and the titles of what it links.
 */
export function rowTitle(entity: AnyEntity, row: Row, titles: Titles): string {
  const fk = (field: string) => fkTitle(entity, row, field, titles);
  if (entity.title) return entity.title(row, fk);
  const links = foreignKeys(entity)
    .map(([field]) => fk(field))
    .filter(Boolean);
  return links.length > 0 ? `${row.id} (${links.join(' · ')})` : String(row.id);
}

/** Ids the rows point at, per target entity, leaving out those already titled. */
function wanted(pairs: Array<[AnyEntity, Row[]]>, titles: Titles): Map<EntityName, Set<number>> {
  const ids = new Map<EntityName, Set<number>>();
  for (const [entity, rows] of pairs) {
    for (const [field, target] of foreignKeys(entity)) {
      for (const row of rows) {
        const id = idOf(row[field]);
        if (id === null || titles[target]?.[id] !== undefined) continue;
        (ids.get(target) ?? ids.set(target, new Set()).get(target)!).add(id);
      }
    }
  }
  return ids;
}

/** One search per target entity (`ids=…`), in parallel; a failed one leaves its ids as `#id`. */
async function fetchRows(ids: Map<EntityName, Set<number>>, context: unknown) {
  const answers = await Promise.all(
    [...ids].map(async ([name, set]): Promise<[AnyEntity, Row[]]> => {
      const entity = entityByName(name);
      const list = [...set].slice(0, MAX_PAGE_SIZE);
      try {
        const page = await entityApi(name, context).search({ ids: list, size: MAX_PAGE_SIZE });
        return [entity, page.items];
      } catch {
        return [entity, []];
      }
    }),
  );
  return answers;
}

function addTitles(titles: Titles, pairs: Array<[AnyEntity, Row[]]>): void {
  for (const [entity, rows] of pairs) {
    const known = (titles[entity.name] ??= {});
    for (const row of rows) known[row.id] = rowTitle(entity, row, titles);
  }
}

/**
 * The titles of every row a page's foreign keys point at: one request per referenced table, then
 * one more round for what those rows point at (a level is named by its stage and language).
 */
export async function loadTitles(entity: AnyEntity, rows: Row[], context: unknown): Promise<Titles> {
  return loadTitlesOf([[entity, rows]], context);
}

/** The same for rows of several entities at once (a history page, an import preview): one request per table. */
export async function loadTitlesOf(pairs: Array<[AnyEntity, Row[]]>, context: unknown): Promise<Titles> {
  const titles: Titles = {};
  const first = await fetchRows(wanted(pairs, titles), context);
  addTitles(titles, first); // provisional: rows fetched once are not asked for again
  const second = await fetchRows(wanted(first, titles), context);
  addTitles(titles, second);
  addTitles(titles, first); // now with the titles of what they point at
  return titles;
}
