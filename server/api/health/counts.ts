import { sql, type Kysely, type RawBuilder } from 'kysely';
import { contentEntities } from '#shared/entities/index.ts';
import type { HealthCounts } from '#shared/health.ts';
import type { DatabaseHandle } from '../../db/database.ts';

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
