import { ApiError } from '#shared/api-client/errors.ts';
import {
  DIFF_TABLE_LABELS,
  DIFF_TABLES,
  type Findings,
  type PublishAnswer,
  type PublishJob,
  type Release,
  type ReleaseDiff,
} from '#shared/releases/api.ts';
import { countsText } from '#shared/releases/diff.ts';
import type { Connection } from '../connection.ts';
import { canPrompt, CliError, CliExit, UsageError } from '../context.ts';
import { formatTable } from '../output.ts';

export interface DiffOptions {
  against?: number;
}

export interface PublishOptions {
  notes: string;
  dryRun?: boolean;
  force?: boolean;
  reason?: string;
  share?: number;
  yes?: boolean;
}

export interface RollbackOptions {
  reason?: string;
  yes?: boolean;
}

/** How often a publish job is asked how far it got. */
const POLL_MS = 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const bytes = (n: number) =>
  n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} kB` : `${(n / 1024 / 1024).toFixed(1)} MB`;

/** `releases list`. */
export async function listAction(conn: Connection): Promise<void> {
  await conn.requireLogin();
  const list = await conn.api.releases.list();
  const rows = list.releases.map((release) => ({
    ...release,
    role: release.role ?? '',
    languages: release.languages.map((l) => l.language).join(', '),
    forced: release.forcedReason ? `forced: ${release.forcedReason}` : '',
  }));
  const columns = [
    { field: 'number', label: 'Release' },
    { field: 'role', label: 'Game gets it as' },
    { field: 'publishedAt', label: 'Published' },
    { field: 'username', label: 'By' },
    { field: 'languages', label: 'Languages' },
    { field: 'notes', label: 'Notes' },
    { field: 'forced', label: 'Forced' },
  ];
  const staged = list.state.staged
    ? `Release ${list.state.staged.number} is staged for ${list.state.staged.share}% of players.\n`
    : '';
  const pending = list.schedules.filter((s) => s.status === 'pending');
  const scheduled = pending
    .map((s) => `Scheduled: a publish at ${s.at} by ${s.username} ("${s.notes}").\n`)
    .join('');
  conn.out.result(
    list,
    () =>
      (rows.length === 0 ? 'Nothing has been published yet.\n' : formatTable(columns, rows)) +
      staged +
      scheduled,
  );
}

function releaseText(release: Release): string {
  const lines = [
    `Release ${release.number}${release.role ? ` (${release.role})` : ''}`,
    `  published ${release.publishedAt} by ${release.username}`,
    `  notes: ${release.notes || '(none)'}`,
    `  content hash: ${release.contentHash}`,
  ];
  if (release.forcedReason)
    lines.push(
      `  forced past ${release.forcedFindings?.total ?? 0} finding(s): ${release.forcedReason}`,
      ...(release.forcedFindings?.listed ?? []).map((f) => `    ${f.message}`),
    );
  for (const l of release.languages)
    lines.push(
      `  ${l.language}: ${l.counts.levels} levels, ${l.counts.letterGroups} letter groups, ${l.counts.words} words, ` +
        `${bytes(l.bytes)} (gzip ${bytes(l.gzipBytes)}, br ${bytes(l.brBytes)}), ETag "${l.hash}"`,
    );
  return `${lines.join('\n')}\n`;
}

/** `releases show N`. */
export async function showAction(number: number, conn: Connection): Promise<void> {
  await conn.requireLogin();
  const release = await conn.api.releases.get(number);
  conn.out.result(release, () => releaseText(release));
}

const json = (value: unknown) => JSON.stringify(value ?? null);

/** A diff as people read it: counts per table, then each row with what changed. */
export function diffText(diff: ReleaseDiff): string {
  const title =
    diff.to === 'draft'
      ? `The draft against ${diff.from === null ? 'nothing published' : `release ${diff.from}`}`
      : `Release ${diff.to} against ${diff.from === null ? 'nothing' : `release ${diff.from}`}`;
  const lines = [`${title}: ${diff.changes} ${diff.changes === 1 ? 'change' : 'changes'}`];
  for (const table of DIFF_TABLES)
    lines.push(`  ${DIFF_TABLE_LABELS[table]}: ${countsText(diff.tables[table])}`);
  for (const row of diff.rows) {
    const fields = Object.entries(row.fields ?? {})
      .map(([name, { from, to }]) => `${name} ${json(from)} → ${json(to)}`)
      .join(', ');
    lines.push(
      `  ${row.action} ${row.language ? `${row.language} ` : ''}${row.name}${fields ? `: ${fields}` : ''}`,
    );
  }
  if (diff.truncated > 0) lines.push(`  … and ${diff.truncated} more rows (counted above)`);
  return `${lines.join('\n')}\n`;
}

/** `releases diff N|draft [--against M]`. */
export async function diffAction(which: string, options: DiffOptions, conn: Connection): Promise<void> {
  await conn.requireLogin();
  if (which === 'draft') {
    if (options.against !== undefined)
      throw new UsageError('--against goes with a release number, not draft');
    const draft = await conn.api.releases.draft();
    if (!draft) throw new CliError('The draft is still being checked: ask again in a few seconds.');
    conn.out.result(draft, () => findingsText(draft.findings) + diffText(draft.diff));
    return;
  }
  if (!/^\d{1,10}$/.test(which) || Number(which) < 1)
    throw new UsageError(`Give a release number or draft, not "${which}"`);
  const diff = await conn.api.releases.diff(Number(which), options.against);
  conn.out.result(diff, () => diffText(diff));
}

function findingsText(findings: Findings): string {
  if (findings.total === 0) return 'No findings: the draft may be published.\n';
  const lines = [`${findings.total} ${findings.total === 1 ? 'finding stops' : 'findings stop'} a publish:`];
  for (const finding of findings.listed) lines.push(`  ${finding.message}`);
  if (findings.total > findings.listed.length)
    lines.push(`  … and ${findings.total - findings.listed.length} more`);
  return `${lines.join('\n')}\n`;
}

async function confirm(conn: Connection, options: { yes?: boolean }, what: string): Promise<boolean> {
  if (options.yes) return true;
  if (!canPrompt(conn.ctx))
    throw new CliError(`Refusing to ${what} without confirmation: add --yes (or --dry-run).`);
  if (await conn.ctx.prompter.confirm(`${what[0]!.toUpperCase()}${what.slice(1)}?`, false)) return true;
  conn.out.message('Nothing published.');
  return false;
}

/**
 * `releases publish`: the dry run first (findings and changes on stderr), a question on a terminal
 * (`--yes` without one), then the publish job, followed to its end.
 */
export async function publishAction(options: PublishOptions, conn: Connection): Promise<void> {
  await conn.requireLogin();
  if (options.force && !options.reason) throw new UsageError('--force needs a --reason');
  const request = {
    notes: options.notes,
    ...(options.force ? { force: true, reason: options.reason! } : {}),
    ...(options.share ? { share: options.share } : {}),
  };
  const dry = await conn.api.releases.publish({ ...request, dryRun: true });
  conn.out.message(findingsText(dry.findings) + diffText(dry.diff));
  if (options.dryRun) {
    if (conn.out.json) conn.out.result(dry);
    if (dry.findings.total > 0 && !options.force) throw new CliExit(1);
    return;
  }
  if (dry.findings.total > 0 && !options.force) {
    conn.out.message('Refused: fix the findings, or publish with --force --reason "…" (administrators).');
    throw new CliExit(1);
  }
  const share = options.share && options.share < 100 ? ` to ${options.share}% of players` : '';
  if (!(await confirm(conn, options, `publish the draft${share} (${dry.diff.changes} changes)`))) return;
  let answer: PublishAnswer;
  try {
    answer = await conn.api.releases.publish(request);
  } catch (error) {
    // The draft changed between the dry run and now: the refusal names what it found.
    if (error instanceof ApiError && error.status === 422) {
      conn.out.message(findingsText((error.body as PublishAnswer).findings));
      throw new CliExit(1);
    }
    throw error;
  }
  let job: PublishJob = answer.job!;
  while (job.status === 'queued' || job.status === 'running') {
    await sleep(POLL_MS);
    job = await conn.api.releases.job(job.id);
    if (job.total > 0) conn.out.note(`publishing: ${job.done} of ${job.total} languages`);
  }
  if (job.status !== 'done')
    throw new CliError(`The publish ${job.status}: ${job.error ?? 'no reason given'}`);
  const release = await conn.api.releases.get(job.release!);
  conn.out.message(`Published release ${release.number}${share}.`);
  conn.out.result(release, () => releaseText(release));
}

/** `releases rollback N`: asks on a terminal (`--yes` without one). */
export async function rollbackAction(
  number: number,
  options: RollbackOptions,
  conn: Connection,
): Promise<void> {
  await conn.requireLogin();
  const list = await conn.api.releases.list();
  if (list.state.current === number && !list.state.staged) {
    conn.out.message(`Release ${number} is already current: nothing to roll back.`);
    return;
  }
  const from = list.state.current === null ? '' : ` (from release ${list.state.current})`;
  if (!options.yes) {
    if (!canPrompt(conn.ctx))
      throw new CliError(`Refusing to roll back to release ${number} without confirmation: add --yes.`);
    if (!(await conn.ctx.prompter.confirm(`Roll the game back to release ${number}${from}?`, false))) {
      conn.out.message('Nothing changed.');
      return;
    }
  }
  const done = await conn.api.releases.rollback(number, options.reason);
  conn.out.message(`The game gets release ${done.state.current} from its next request${from}.`);
  conn.out.result(done, () => '');
}
