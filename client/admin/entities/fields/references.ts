import { entityByName, type EntityName } from '#shared/entities/index.ts';
import { entityApi, type Row } from '../entity-api.ts';

/** One choice of a select or picker: the id as the input's value, and what a person reads. */
export interface Option {
  value: string;
  label: string;
  /** A stage's letter count: the letter-group form warns when the letters differ from it. */
  letterCount?: number;
}

/**
 * Small tables are offered whole in a select (the level form's stage select shows the stage
 * letters, language selects the names); large ones (letter groups, levels, words, users) through
 * a picker that searches on the server.
 */
export const SELECT_REFERENCES: ReadonlySet<EntityName> = new Set<EntityName>(['language', 'stage']);

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** How a referenced record reads in a select or picker. */
export function referenceLabel(name: EntityName, row: Row): string {
  switch (name) {
    case 'language':
      return text(row.language);
    case 'stage':
      return text(row.letters) || `Stage ${text(row.number)} (${text(row.letterCount)} letters)`;
    case 'level':
      return `Level ${text(row.number)}${row.hint ? ` — ${text(row.hint)}` : ''} (stage ${text(row.stageId)}, language ${text(row.languageId)})`;
    case 'user':
      return `${text(row.username)} (${text(row.email)})`;
    case 'letter-group':
    case 'word':
      return text(row.letters);
    default:
      return `#${row.id}`;
  }
}

export const toOption = (name: EntityName, row: Row): Option => ({
  value: String(row.id),
  label: referenceLabel(name, row),
  ...(name === 'stage' ? { letterCount: Number(row.letterCount) } : {}),
});

/** The filter a picker searches with: the referenced list's first text filter (letters, username…). */
export function searchFilterOf(name: EntityName): string | null {
  return entityByName(name).filters.find((filter) => filter.kind === 'text')?.field ?? null;
}

const PAGE_SIZE = 100;
const MAX_PAGES = 20;

/** Every record of a small table, for a select. */
export async function loadAllOptions(name: EntityName, context?: unknown): Promise<Option[]> {
  const api = entityApi(name, context);
  const options: Option[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const result = await api.search({ page, size: PAGE_SIZE });
    options.push(...result.items.map((row) => toOption(name, row)));
    if (page >= result.totalPages) break;
  }
  return options;
}

/** The id a picker's query names: `5` or `#5` (as the list's ID column and titles show ids). */
export function idQuery(query: string): number | null {
  const match = /^#?\s*(\d{1,9})$/.exec(query.trim());
  return match && Number(match[1]) > 0 ? Number(match[1]) : null;
}

/** What a picker offers for a query: the record with that id when the query is a number, then matches. */
export async function searchOptions(name: EntityName, query: string, limit = 10): Promise<Option[]> {
  const api = entityApi(name);
  const id = idQuery(query);
  const trimmed = id === null ? query.trim() : String(id);
  const byId =
    id !== null
      ? api.get(id).then(
          (row) => [toOption(name, row)],
          () => [],
        )
      : Promise.resolve([]);
  const filter = searchFilterOf(name);
  // A number is an id; text searches the list's text filter (an empty query offers the first page).
  const matches =
    /^\d+$/.test(trimmed) || (trimmed !== '' && !filter)
      ? Promise.resolve([])
      : api
          .search({ page: 1, size: limit, filters: filter ? { [filter]: trimmed } : {} })
          .then((page) => page.items.map((row) => toOption(name, row)));
  const [exact, found] = await Promise.all([byId, matches]);
  return [...exact, ...found.filter((option) => !exact.some((e) => e.value === option.value))].slice(
    0,
    limit,
  );
}

/** The label of one referenced record (a picker's current choice). */
export async function optionOf(name: EntityName, id: number, context?: unknown): Promise<Option> {
  return toOption(name, await entityApi(name, context).get(id));
}
