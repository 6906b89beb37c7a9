import { sql, type Kysely, type RawBuilder } from 'kysely';
import { contentEntities, entityByName } from '#shared/entities/index.ts';
import type { HealthCounts } from '#shared/health-report.ts';
import { mayRead, type Reach } from '#shared/permissions.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { keepBounded } from '../../db/until-commit.ts';
import { reachCondition } from '../access/reach-condition.ts';

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Rows per content table through `database.count` (kept until the table changes), and levels,
 * letter groups and words per language and stage: grouped counts over the (language, …) indexes,
 * read off the event loop (`database.read`).
 */
export async function contentCounts(database: DatabaseHandle): Promise<HealthCounts> {
  const db = database.db as unknown as Kysely<never>;
  const read = (query: RawBuilder<unknown>) => database.read(query.compile(db));
  const tables: Record<string, number> = {};
  await Promise.all(
    contentEntities.map(async (entity) => {
      const table = snake(entity.table);
      tables[entity.resource] = await database.count(
        sql`select count(*) as n from ${sql.table(table)}`.compile(db),
        table,
      );
    }),
  );
  const [languages, stages, levels, groups, words] = await Promise.all([
    read(sql`select id, language from languages`),
    read(sql`select id, number from stages`),
    read(sql`select language_id, stage_id, count(*) as n from levels group by language_id, stage_id`),
    read(sql`select language_id, stage_id, count(*) as n from letter_groups group by language_id, stage_id`),
    read(sql`select language_id, count(*) as n from words group by language_id`),
  ]);
  const languageName = new Map(languages.map((r) => [Number(r.id), String(r.language)]));
  const stageNumber = new Map(stages.map((r) => [Number(r.id), Number(r.number)]));
  const cells = new Map<string, HealthCounts['byLanguageStage'][number]>();
  const cell = (row: Record<string, unknown>) => {
    const languageId = Number(row.languageId);
    const stageId = Number(row.stageId);
    const key = `${languageId}:${stageId}`;
    let found = cells.get(key);
    if (!found) {
      found = {
        languageId,
        language: languageName.get(languageId) ?? `#${languageId}`,
        stageId,
        stageNumber: stageNumber.get(stageId) ?? stageId,
        levels: 0,
        letterGroups: 0,
      };
      cells.set(key, found);
    }
    return found;
  };
  for (const row of levels) cell(row).levels = Number(row.n);
  for (const row of groups) cell(row).letterGroups = Number(row.n);
  return {
    tables,
    byLanguageStage: [...cells.values()].sort(
      (a, b) => a.language.localeCompare(b.language) || a.stageNumber - b.stageNumber,
    ),
    wordsByLanguage: words
      .map((r) => ({
        languageId: Number(r.languageId),
        language: languageName.get(Number(r.languageId)) ?? `#${String(r.languageId)}`,
        words: Number(r.n),
      }))
      .sort((a, b) => a.language.localeCompare(b.language)),
  };
}

/** Counts of links kept per reach, at most (see tableCountsWithin). */
const MAX_KEPT = 200;

/**
 * Rows per content table an account that is no administrator may read (issue 43): players' and
 * the team's tables left out, and for an account limited to some languages only its languages'
 * rows — what its lists would count. A table's count is kept until the table changes
 * (`database.count`); a link table's also depends on the languages of the rows it joins, so it is
 * kept until any of its tables changes, and read off the event loop.
 */
export function tableCountsWithin(database: DatabaseHandle) {
  const db = database.db as unknown as Kysely<never>;
  const kept = new Map<string, { version: string; n: number }>();

  const countOf = async (query: RawBuilder<unknown>, tables: string[]): Promise<number> => {
    const compiled = query.compile(db);
    if (tables.length === 1) return database.count(compiled, tables[0]!);
    const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
    const version = (await Promise.all(tables.map((t) => database.changeVersion(t)))).join('|');
    const known = kept.get(key);
    if (known?.version === version) return known.n;
    const [row] = await database.read(compiled);
    const n = Number(row?.n ?? 0);
    keepBounded(kept, key, { version, n }, MAX_KEPT);
    return n;
  };

  return async function tables(reach: Reach): Promise<Record<string, number>> {
    const counted: Record<string, number> = {};
    await Promise.all(
      contentEntities
        .filter((entity) => mayRead(reach, entity))
        .map(async (entity) => {
          const table = snake(entity.table);
          const within = reachCondition(entity, reach.languages);
          const where = within ? sql` where ${within}` : sql``;
          const language = entity.language;
          const through =
            within && language && 'through' in language
              ? language.through.map(({ entity: name }) => snake(entityByName(name).table))
              : [];
          counted[entity.resource] = await countOf(
            sql`select count(*) as n from ${sql.table(table)}${where}`,
            [table, ...through],
          );
        }),
    );
    return counted;
  };
}
