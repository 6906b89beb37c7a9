import type { ChangeSet, ChangeSetEntry, UndoResponse } from '#shared/change-sets.ts';
import type { Connection } from '../connection.ts';
import { canPrompt, CliError, CliExit } from '../context.ts';
import { formatTable } from '../output.ts';

export interface ChangesListOptions {
  user?: string;
  page?: number;
  size?: number;
}

export interface ChangesShowOptions {
  page?: number;
  size?: number;
  all?: boolean;
}

export interface UndoOptions {
  dryRun?: boolean;
  yes?: boolean;
  force?: boolean;
}

const json = (value: unknown) => JSON.stringify(value ?? null);

function countsText(set: ChangeSet): string {
  const { created, updated, deleted } = set.counts;
  return `${created} created, ${updated} updated, ${deleted} deleted`;
}

/** `changes list`: the change sets, newest first. */
export async function listAction(options: ChangesListOptions, conn: Connection): Promise<void> {
  await conn.requireLogin();
  const page = await conn.api.changeSets.list({
    page: options.page ?? 1,
    size: options.size ?? 20,
    ...(options.user ? { username: options.user } : {}),
  });
  const rows = page.items.map((set) => ({
    ...set,
    changes: countsText(set),
    state: set.undoneBy ? `undone by ${set.undoneBy}` : set.undoes ? `undoes ${set.undoes}` : '',
  }));
  const columns = [
    { field: 'id', label: 'ID' },
    { field: 'at', label: 'When' },
    { field: 'username', label: 'Who' },
    { field: 'changes', label: 'Changes' },
    { field: 'command', label: 'Command' },
    { field: 'state', label: 'Undo' },
  ];
  conn.out.result(
    page,
    () =>
      formatTable(columns, rows) +
      `Page ${page.page} of ${Math.max(page.totalPages, 1)} (${page.totalElements} change sets)\n`,
  );
}

function entryLine(entry: ChangeSetEntry): string {
  const fields = Object.entries(entry.changes)
    .map(([field, { from, to }]) =>
      entry.action === 'update'
        ? `${field} ${json(from)} → ${json(to)}`
        : `${field} ${json(entry.action === 'create' ? to : from)}`,
    )
    .join(', ');
  return `${entry.entity} ${entry.entityId} ${entry.action}d: ${fields}`;
}

/** `changes show ID`: who, when, the command, and each row with its field diffs. */
export async function showAction(id: string, options: ChangesShowOptions, conn: Connection): Promise<void> {
  await conn.requireLogin();
  if (options.all && options.page !== undefined) throw new CliError('Give --page or --all, not both.');
  const set = await conn.api.changeSets.get(id);
  let entries: ChangeSetEntry[];
  let footer = '';
  if (options.all) {
    entries = [];
    for await (const entry of conn.api.changeSets.entriesAll(id)) entries.push(entry);
  } else {
    const page = await conn.api.changeSets.entries(id, { page: options.page ?? 1, size: options.size ?? 20 });
    entries = page.items;
    if (page.totalPages > 1)
      footer = `Page ${page.page} of ${page.totalPages} (${page.totalElements} rows; --all for every row)\n`;
  }
  const lines = [
    `Change set ${set.id}`,
    `  by ${set.username} at ${set.at}`,
    `  command: ${set.command || '(none given)'}`,
    `  ${countsText(set)}`,
    ...(set.undoes ? [`  undoes change set ${set.undoes}`] : []),
    ...(set.undoneBy ? [`  undone by change set ${set.undoneBy} at ${set.undoneAt ?? '?'}`] : []),
    ...entries.map(entryLine),
  ];
  conn.out.result({ changeSet: set, entries }, () => `${lines.join('\n')}\n${footer}`);
}

function planText(id: string, plan: UndoResponse): string {
  const lines = [
    `Change set ${id} touched ${plan.matched} rows: ${plan.changed} will be restored, ` +
      `${plan.unchanged} already hold their values from before, ${plan.refused} refused.`,
  ];
  for (const row of plan.sample) {
    const fields = Object.entries(row.changes)
      .map(([f, c]) => `${f} ${json(c.from)} → ${json(c.to)}`)
      .join(', ');
    lines.push(`  ${row.entity} ${row.id}: ${fields}`);
  }
  if (plan.changed > plan.sample.length) lines.push(`  … and ${plan.changed - plan.sample.length} more`);
  for (const refusal of plan.refusals)
    lines.push(`  refused ${refusal.entity} ${refusal.id}: ${refusal.reason}`);
  return lines.join('\n');
}

/**
 * `changes undo ID`: the plan first (a dry run on the server), a question on a terminal (`--yes`
 * without one), then the undo, made by the server a chunk of rows per transaction.
 */
export async function undoAction(id: string, options: UndoOptions, conn: Connection): Promise<void> {
  await conn.requireLogin();
  const force = options.force === true;
  const plan = await conn.api.changeSets.undo(id, { dryRun: true, force });
  conn.out.message(planText(id, plan));
  if (options.dryRun || (plan.changed === 0 && plan.refused > 0)) {
    if (conn.out.json) conn.out.result(plan);
    if (plan.refused > 0) throw new CliExit(1);
    return;
  }
  if (!options.yes && plan.changed > 0) {
    const what = `undo change set ${id} (${plan.changed} rows)`;
    if (!canPrompt(conn.ctx))
      throw new CliError(`Refusing to ${what} without confirmation: add --yes (or --dry-run).`);
    if (!(await conn.ctx.prompter.confirm(`${what[0]!.toUpperCase()}${what.slice(1)}?`, false))) {
      conn.out.message('Nothing changed.');
      return;
    }
  }
  const done = await conn.api.changeSets.undo(id, { force });
  for (const refusal of done.refusals)
    conn.out.note(`refused ${refusal.entity} ${refusal.id}: ${refusal.reason}`);
  conn.out.message(
    `Restored ${done.changed} rows, ${done.unchanged} unchanged, ${done.refused} refused.` +
      (done.complete
        ? ` Change set ${id} is undone.`
        : ` Change set ${id} is not marked undone: fix the refused rows and run again, or add --force.`),
  );
  if (conn.out.json) conn.out.result(done);
  if (done.refused > 0) throw new CliExit(1);
}
