import { letterGroupWord } from '#shared/entities/index.ts';
import { MAX_BULK_ROWS } from '#shared/entities/bulk.ts';
import { mapLimited, CONCURRENCY } from '../bulk/limited.ts';
import { upsertRows } from '../bulk/upsert.ts';
import type { Connection } from '../connection.ts';
import { CliError } from '../context.ts';
import { inWriteOrder, planLinks, type GroupRow, type LinkRow, type WordRow } from '#shared/links/plan.ts';
import { createProgress } from '../progress.ts';
import { assertLanguage } from './words-import.ts';

export interface LinksBuildOptions {
  language: number;
  letterGroup?: number[];
  dryRun?: boolean;
  prune?: boolean;
  reuseLetters?: boolean;
}

/** Every record of a listing, in an array. */
async function all<T>(records: AsyncIterable<Record<string, unknown>>): Promise<T[]> {
  const items: T[] = [];
  for await (const record of records) items.push(record as T);
  return items;
}

/** One streamed listing costs about as much as this many rows of a per-group listing. */
const ROWS_PER_REQUEST = 500;

/**
 * The current links of the groups: one streamed export of every link when that is cheaper than a
 * listing per group (a whole language's groups), else a listing per group (a few groups given).
 */
async function readLinks(conn: Connection, groups: readonly GroupRow[]): Promise<Map<number, LinkRow[]>> {
  const { api, ctx } = conn;
  const links = new Map<number, LinkRow[]>(groups.map((g) => [g.id, []]));
  const total = (await api.letterGroupWords.search({ page: 1, size: 1 })).totalElements;
  const reading = createProgress(ctx, 'Reading links', groups.length, 'letter groups');
  if (total <= groups.length * ROWS_PER_REQUEST) {
    for await (const link of api.letterGroupWords.exportAll()) {
      links.get((link as LinkRow).letterGroupId)?.push(link as LinkRow);
    }
    reading.update(groups.length);
  } else {
    let done = 0;
    await mapLimited(groups, CONCURRENCY, async (group) => {
      const listing = api.letterGroupWords.searchAll({ filters: { letterGroupId: group.id }, size: 100 });
      links.set(group.id, await all<LinkRow>(listing));
      reading.update(++done);
    });
  }
  reading.finish();
  return links;
}

/**
 * `links build --language ID`: links each letter group (the active ones, or those given with
 * `--letter-group`) to every active word of the language a player can build from it; `--prune`
 * also removes the links to words that no longer qualify. Re-running it changes nothing.
 */
export async function linksBuildAction(options: LinksBuildOptions, conn: Connection): Promise<void> {
  await conn.requireLogin();
  const { api, out, ctx } = conn;
  const dryRun = options.dryRun === true;
  await assertLanguage(conn, options.language);
  const filters = { languageId: options.language };
  const inLanguage = await all<GroupRow & { isActive: boolean }>(api.letterGroups.exportAll({ filters }));
  let groups = inLanguage.filter((g) => g.isActive);
  if (options.letterGroup?.length) {
    const byId = new Map(inLanguage.map((g) => [g.id, g]));
    const unknown = options.letterGroup.filter((id) => !byId.has(id));
    if (unknown.length > 0) {
      throw new CliError(`Letter group ${unknown.join(', ')} not found in language ${options.language}.`);
    }
    groups = [...new Set(options.letterGroup)].map((id) => byId.get(id)!);
  }
  const words = await all<WordRow>(api.words.exportAll({ filters }));
  const links = await readLinks(conn, groups);

  const plan = planLinks(groups, words, (id) => links.get(id) ?? [], options);
  const rows = inWriteOrder(
    plan.flatMap((p) => p.create.map((wordId) => ({ letterGroupId: p.group.id, wordId }))),
  );
  const writing = createProgress(ctx, dryRun ? 'Checking links' : 'Creating links', rows.length, 'links');
  const outcome = await upsertRows(api, letterGroupWord, rows, {
    dryRun,
    // The API's largest batch: a fifth of the transactions, each writing the same index pages
    // (links go to random words) once for 5000 links rather than for 1000.
    batchSize: MAX_BULK_ROWS,
    // Each link is its own row (no batch reads another's): the next batch is on its way while the
    // server writes one, so it never waits for this process between two transactions.
    inFlight: 2,
    onProgress: (done) => writing.update(done),
    notify: (line) => out.note(line),
  });
  writing.finish();
  for (const result of outcome.results.filter((r) => r.status === 'rejected')) {
    const row = rows[result.index]!;
    out.note(`letter group ${row.letterGroupId}, word ${row.wordId}: ${result.reason ?? 'rejected'}`);
  }

  const prune = options.prune ? plan.flatMap((p) => p.prune) : [];
  if (!dryRun && prune.length > 0) {
    const removing = createProgress(ctx, 'Pruning links', prune.length, 'links');
    let removed = 0;
    await mapLimited(prune, CONCURRENCY, async (link) => {
      await api.letterGroupWords.remove(link.id);
      removing.update(++removed);
    });
    removing.finish();
  }

  const verb = dryRun ? 'would ' : '';
  const groupsReport = plan.map((p) => ({
    letterGroupId: p.group.id,
    letters: p.group.letters,
    buildable: p.buildable.length,
    create: p.create.length,
    prune: options.prune ? p.prune.length : 0,
    outdated: p.prune.length,
  }));
  for (const g of groupsReport) {
    const pruned = options.prune
      ? `, ${verb}prune ${g.prune}`
      : g.outdated
        ? `, ${g.outdated} outdated (--prune)`
        : '';
    out.message(
      `letter group ${g.letterGroupId} "${g.letters}": ${g.buildable} buildable, ${verb}create ${g.create}${pruned}`,
    );
  }
  const counts = { ...outcome.counts, pruned: prune.length };
  out.message(
    `${groups.length} letter groups: ${verb}create ${counts.created} links, ${verb}prune ${counts.pruned}, ` +
      `rejected ${counts.rejected}${dryRun ? ' (dry run: nothing was written)' : ''}.`,
  );
  if (out.json) out.result({ dryRun, counts, groups: groupsReport });
}
