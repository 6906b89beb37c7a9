import type { AnyEntity } from '#shared/entities/index.ts';
import { emptyEditResponse, type BulkEditResponse } from '#shared/entities/bulk-edit.ts';
import type { Connection } from '../connection.ts';
import { canPrompt, CliExit, UsageError } from '../context.ts';
import { filtersFromConditions, idsFromText } from '../entities/conditions.ts';
import { bodyFromAssignments } from '../entities/field-values.ts';
import { createProgress } from '../progress.ts';

export interface BulkEditOptions {
  where?: string[];
  set?: string[];
  ids?: string;
  allRows?: boolean;
  dryRun?: boolean;
  yes?: boolean;
}

/** Ids sent per request while applying: each request is one transaction on the server. */
const CHUNK = 1000;

type Target = { ids: number[] } | { where: Record<string, string | number | boolean>; allRows?: boolean };
type Kind = 'update' | 'delete';

async function targetOf(
  entity: AnyEntity,
  ids: number[],
  options: BulkEditOptions,
  conn: Connection,
): Promise<Target> {
  const fromStdin = options.ids === '-';
  if (options.ids !== undefined && !fromStdin)
    throw new UsageError('--ids takes "-": the ids are read from standard input');
  const named = ids.length > 0 || fromStdin;
  if (named && (options.where || options.allRows))
    throw new UsageError('Name the rows by ids or by --where, not both.');
  if (named) {
    let all = ids;
    if (fromStdin) {
      let text = '';
      for await (const chunk of conn.ctx.stdin) text += chunk.toString();
      all = [...ids, ...idsFromText(text)];
    }
    return { ids: [...new Set(all)] };
  }
  const where = filtersFromConditions(entity, options.where ?? []);
  if (Object.keys(where).length === 0 && !options.allRows) {
    throw new UsageError(
      `Name the rows: ids, --ids -, or --where (every ${entity.label.toLowerCase()}: --all-rows).`,
    );
  }
  return { where, ...(options.allRows ? { allRows: true } : {}) };
}

function planText(entity: AnyEntity, kind: Kind, plan: BulkEditResponse): string {
  const plural = entity.labelPlural.toLowerCase();
  const verb = kind === 'update' ? 'will change' : 'will be deleted';
  const lines = [
    `${plan.matched} ${plural} match: ${plan.changed} ${verb}` +
      (kind === 'update' ? `, ${plan.unchanged} already hold the values` : '') +
      `, ${plan.refused} refused.`,
  ];
  for (const row of plan.sample) {
    const fields = Object.entries(row.changes);
    const shown =
      kind === 'update'
        ? fields.map(([f, c]) => `${f} ${JSON.stringify(c.from)} → ${JSON.stringify(c.to)}`).join(', ')
        : fields.map(([f, c]) => `${f} ${JSON.stringify(c.from)}`).join(', ');
    lines.push(`  ${entity.label.toLowerCase()} ${row.id}: ${shown}`);
  }
  if (plan.changed > plan.sample.length) lines.push(`  … and ${plan.changed - plan.sample.length} more`);
  for (const refusal of plan.refusals) lines.push(`  refused ${refusal.id}: ${refusal.reason}`);
  return lines.join('\n');
}

/** The ids to apply to, a chunk at a time: the named ones, or those the filters match now. */
async function* idChunks(conn: Connection, entity: AnyEntity, target: Target): AsyncGenerator<number[]> {
  if ('ids' in target) {
    for (let at = 0; at < target.ids.length; at += CHUNK) yield target.ids.slice(at, at + CHUNK);
    return;
  }
  let chunk: number[] = [];
  for await (const record of conn.api.resource(entity.name).exportAll({ filters: target.where })) {
    chunk.push(record.id);
    if (chunk.length === CHUNK) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

/**
 * `TABLE update|delete [IDS…] [--ids -] [--where COND…] [--set F=V…]`: shows the plan (a dry run on
 * the server: counts and a sample `old → new`), asks on a terminal (`--yes` without one), then
 * applies it a chunk of ids per request with a progress bar. A refused row is reported with its id
 * and reason and the others go on; exit code 1 when any was refused. Re-running after an
 * interruption finishes the job: rows already changed count as unchanged.
 */
export async function bulkEditAction(
  entity: AnyEntity,
  kind: Kind,
  ids: number[],
  options: BulkEditOptions,
  conn: Connection,
): Promise<void> {
  await conn.requireLogin();
  const resource = conn.api.resource(entity.name);
  const set = kind === 'update' ? bodyFromAssignments(entity, options.set ?? []) : {};
  if (kind === 'update' && Object.keys(set).length === 0)
    throw new UsageError('Nothing to change: give --set key=value.');
  const target = await targetOf(entity, ids, options, conn);
  const run = (body: Target, dryRun: boolean) =>
    kind === 'update'
      ? resource.bulkUpdate({ ...body, set, dryRun })
      : resource.bulkDelete({ ...body, dryRun });

  const plan = await run(target, true);
  conn.out.message(planText(entity, kind, plan));
  const plural = entity.labelPlural.toLowerCase();
  if (options.dryRun) {
    if (conn.out.json) conn.out.result(plan);
    if (plan.refused > 0) throw new CliExit(1);
    return;
  }
  if (plan.changed === 0) {
    conn.out.message(`Nothing to ${kind}.`);
    if (conn.out.json) conn.out.result(plan);
    if (plan.refused > 0) throw new CliExit(1);
    return;
  }
  if (!options.yes) {
    const what = `${kind} ${plan.changed} ${plural}`;
    if (!canPrompt(conn.ctx))
      throw new UsageError(`Refusing to ${what} without confirmation: add --yes (or --dry-run).`);
    if (!(await conn.ctx.prompter.confirm(`${what[0]!.toUpperCase()}${what.slice(1)}?`, false))) {
      conn.out.message('Nothing changed.');
      return;
    }
  }

  const done = emptyEditResponse(false);
  const progress = createProgress(
    conn.ctx,
    kind === 'update' ? 'Updating' : 'Deleting',
    plan.matched + plan.refused,
  );
  for await (const chunk of idChunks(conn, entity, target)) {
    const answer = await run({ ids: chunk }, false);
    for (const key of ['matched', 'changed', 'unchanged', 'refused'] as const) done[key] += answer[key];
    done.refusals.push(...answer.refusals);
    if (done.sample.length < plan.sample.length)
      done.sample.push(...answer.sample.slice(0, plan.sample.length - done.sample.length));
    progress.update(done.matched + done.refused);
  }
  progress.finish();
  for (const refusal of done.refusals)
    conn.out.note(`refused ${entity.label.toLowerCase()} ${refusal.id}: ${refusal.reason}`);
  const past = kind === 'update' ? 'Updated' : 'Deleted';
  conn.out.message(
    `${past} ${done.changed} ${plural}` +
      (kind === 'update' ? `, ${done.unchanged} unchanged` : '') +
      `, ${done.refused} refused.`,
  );
  if (conn.out.json) conn.out.result(done);
  if (done.refused > 0) throw new CliExit(1);
}
