import { CONCURRENCY, mapLimited } from '../bulk/limited.ts';
import type { Connection } from '../connection.ts';
import { CliExit } from '../context.ts';
import { lintContent, type LintContent } from '../lint/checks.ts';
import { createProgress } from '../progress.ts';
import { assertLanguage } from './words-import.ts';

async function all<T>(records: AsyncIterable<Record<string, unknown>>): Promise<T[]> {
  const items: T[] = [];
  for await (const record of records) items.push(record as T);
  return items;
}

/**
 * `lint [--language ID]`: reads the content (of one language, or all) and prints one line per
 * problem; exits 1 when there is any, so a release script can stop on it.
 */
export async function lintAction(options: { language?: number }, conn: Connection): Promise<void> {
  await conn.requireLogin();
  const { api, out, ctx } = conn;
  if (options.language !== undefined) await assertLanguage(conn, options.language);
  const languageFilter = options.language === undefined ? {} : { languageId: options.language };
  const inScope = (row: { languageId: number }) =>
    options.language === undefined || row.languageId === options.language;

  const [languages, stages, levels, letterGroups, words, letterGroupLevels] = await Promise.all([
    all<LintContent['languages'][number]>(api.languages.searchAll()),
    all<LintContent['stages'][number]>(api.stages.searchAll()),
    all<LintContent['levels'][number]>(api.levels.searchAll()),
    all<LintContent['letterGroups'][number]>(api.letterGroups.searchAll({ filters: languageFilter })),
    all<LintContent['words'][number]>(api.words.searchAll({ filters: languageFilter })),
    all<LintContent['letterGroupLevels'][number]>(api.letterGroupLevels.searchAll()),
  ]);
  const wordsOfGroup = new Map<number, number[]>();
  const reading = createProgress(ctx, 'Reading letter group words', letterGroups.length, 'letter groups');
  await mapLimited(letterGroups, CONCURRENCY, async (group) => {
    const links = await all<{ wordId: number }>(
      api.letterGroupWords.searchAll({ filters: { letterGroupId: group.id } }),
    );
    wordsOfGroup.set(
      group.id,
      links.map((link) => link.wordId),
    );
    reading.update(wordsOfGroup.size);
  });
  reading.finish();

  const scopedLevels = levels.filter(inScope);
  const levelIds = new Set(scopedLevels.map((l) => l.id));
  const problems = await lintContent({
    languages,
    stages,
    levels: scopedLevels,
    letterGroups,
    letterGroupLevels: letterGroupLevels.filter((link) => levelIds.has(link.levelId)),
    wordsOfGroup,
    words,
  });

  if (out.json) out.result({ problems });
  else for (const problem of problems) ctx.stdout.write(`${problem.message}\n`);
  out.note(
    problems.length === 0
      ? 'No problems found.'
      : `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} found.`,
  );
  if (problems.length > 0) throw new CliExit(1);
}
