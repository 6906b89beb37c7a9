import { entityByName, entityByResource, type AnyEntity } from '#shared/entities/index.ts';
import type { Values } from '../../../server/api/resources/rows.ts';
import type { Answer } from './world.ts';
import type { Planned } from './requests.ts';
import {
  changedRows,
  changedTeam,
  type AuditEntry,
  type RowChange,
  type Snapshot,
  type TrashEntry,
} from './snapshot.ts';

/**
 * What must hold after any request (issue 43), judged from the database alone, written apart from
 * the server's own checks so that it can disagree with them:
 * - a row outside the caller's reach is unchanged, byte for byte; a viewer changes nothing;
 * - a panel account's name, role, active state and deletion change only through the Team routes,
 *   and a token changes no account at all;
 * - every changed row has its history entries, and they say exactly what changed; every row
 *   deleted outright has its trash entry;
 * - an answer of 4xx changed nothing (and nothing ever answers 5xx); a 2xx says only what the
 *   database holds: rows it calls rejected or unchanged are unchanged, rows it calls created,
 *   updated or deleted are so, and its counts are the database's.
 */

export interface Observed {
  request: Planned;
  answer: Answer;
  before: Snapshot;
  after: Snapshot;
  entries: AuditEntry[];
  trash: TrashEntry[];
}

const TEAM_ENTITIES = new Set(['accounts', 'api-tokens']);
const ACCOUNT_FIELDS = ['username', 'role', 'isActive', 'deletedAt'] as const;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function violations(o: Observed): string[] {
  const found: string[] = [];
  const fail = (message: string) => found.push(message);
  const { request, answer, before, after } = o;
  const rows = changedRows(before, after);
  const team = changedTeam(before, after);
  const content = o.entries.filter((e) => !TEAM_ENTITIES.has(e.entity));
  if (answer.status >= 500) fail(`answered ${answer.status}: ${answer.text.slice(0, 200)}`);
  if (answer.status >= 400 || request.dryRun) {
    if (rows.length > 0)
      fail(`answered ${answer.status}${request.dryRun ? ' (dry run)' : ''} but changed ${describe(rows)}`);
    if (team.length > 0) fail(`answered ${answer.status} but changed the team: ${team.join(', ')}`);
    if (o.entries.length > 0) fail(`answered ${answer.status} but wrote ${o.entries.length} history entries`);
  }
  if (request.kind === 'release') releaseViolations(o, rows.length, fail);
  else if (before.releases !== after.releases) fail(`answered ${answer.status} but changed the releases`);
  if (request.foreignChangeSet && answer.status < 400)
    fail(`another account's change set was accepted (${answer.status})`);
  if (request.caller.reach === null && answer.status < 400 && request.kind !== 'auth')
    fail(`a token whose owner was deactivated got ${answer.status}`);

  for (const change of rows) reachViolations(o, change, fail);
  // The Team's changes to a panel account are recorded as the account's (entity `accounts`).
  const accounts = new Set(o.entries.filter((e) => e.entity === 'accounts').map((e) => e.entityId));
  const teamRecorded = (r: RowChange) =>
    r.entity.resource === 'users' && accounts.has(r.id) && request.kind === 'team';
  historyViolations(
    o,
    rows.filter((r) => !teamRecorded(r)),
    content,
    fail,
  );
  answerViolations(o, rows, fail);
  if (
    request.kind === 'team' &&
    (request.caller.isToken || request.caller.reach?.permissions !== 'administrator')
  ) {
    if (team.length > 0 || rows.length > 0) fail(`a ${request.caller.name} changed the team`);
  }
  return found;
}

/** Releases are published from the content, never write it; only administrators change them. */
function releaseViolations(o: Observed, changedContent: number, fail: (m: string) => void): void {
  const { request, answer, before, after } = o;
  const changedReleases = before.releases !== after.releases;
  if (changedContent > 0) fail(`a release request (${answer.status}) changed the content`);
  if ((answer.status >= 400 || request.dryRun) && changedReleases)
    fail(`answered ${answer.status}${request.dryRun ? ' (dry run)' : ''} but changed the releases`);
  const administrator = request.caller.reach?.permissions === 'administrator';
  if (!administrator && !request.dryRun && answer.status < 400)
    fail(`${request.caller.name}, not an administrator, got ${answer.status} changing the releases`);
}

function describe(rows: readonly RowChange[]): string {
  return rows
    .slice(0, 5)
    .map((r) => `${r.entity.resource} ${r.id}`)
    .join(', ')
    .concat(rows.length > 5 ? ` and ${rows.length - 5} more` : '');
}

/** The languages a row belongs to, read from the snapshots ('shared': every language's). */
function languagesOf(entity: AnyEntity, row: Values, snaps: Snapshot[]): Set<number> | 'shared' | null {
  const language = entity.language;
  if (!language || 'audited' in language) return null;
  if ('shared' in language) return 'shared';
  if ('self' in language) return new Set([Number(row.id)]);
  if ('field' in language) return new Set(row[language.field] === null ? [] : [Number(row[language.field])]);
  const found = new Set<number>();
  for (const { field, entity: name } of language.through) {
    const target = entityByName(name);
    for (const snap of snaps) {
      const referenced = snap.rows.get(target.resource)!.get(Number(row[field]));
      if (referenced) found.add(Number(referenced.languageId));
    }
  }
  return found;
}

function reachViolations(o: Observed, change: RowChange, fail: (m: string) => void): void {
  const { caller } = o.request;
  const name = `${change.entity.resource} ${change.id}`;
  const reach = caller.reach;
  if (reach === null) return fail(`${caller.name} (refused) changed ${name}`);
  if (reach.permissions === 'viewer') return fail(`viewer ${caller.name} changed ${name}`);
  if (
    change.entity.access !== 'content' &&
    reach.permissions !== 'administrator' &&
    o.request.kind !== 'team'
  )
    return fail(`${caller.name} changed ${name}, which only administrators may`);
  if (reach.languages !== null) {
    for (const side of [change.before, change.after]) {
      if (!side) continue;
      const languages = languagesOf(change.entity, side, [o.before, o.after]);
      if (languages === 'shared')
        return fail(`${caller.name}, limited to some languages, changed shared ${name}`);
      const outside = [...(languages ?? [])].filter((id) => !reach.languages!.includes(id));
      if (outside.length > 0) return fail(`${caller.name} changed ${name} of language ${outside.join(', ')}`);
    }
  }
  const account =
    change.entity.resource === 'users' && (change.before?.role === 'admin' || change.after?.role === 'admin');
  if (account && o.request.kind !== 'team') {
    if (caller.isToken) return fail(`token ${caller.name} changed panel account ${name}`);
    const moved = ACCOUNT_FIELDS.filter(
      (f) => !change.before || !change.after || !same(change.before[f], change.after[f]),
    );
    if (moved.length > 0)
      fail(`${name}, a panel account, had its ${moved.join(', ')} changed outside the Team`);
  }
}

/** Every changed row's entries say what happened to it; no entry is about a row left as it was. */
function historyViolations(
  o: Observed,
  rows: RowChange[],
  entries: AuditEntry[],
  fail: (m: string) => void,
): void {
  const byRow = new Map<string, AuditEntry[]>();
  for (const entry of entries) {
    const key = `${entry.entity} ${entry.entityId}`;
    byRow.set(key, [...(byRow.get(key) ?? []), entry]);
  }
  for (const change of rows) {
    const key = `${change.entity.resource} ${change.id}`;
    const list = byRow.get(key);
    byRow.delete(key);
    if (!list) {
      fail(`${key} changed without a history entry`);
      continue;
    }
    const first = list[0]!;
    const last = list.at(-1)!;
    if ((first.before === null) !== (change.before === null))
      fail(`${key}: its first entry (${first.action}) does not match the row it found`);
    for (const [f, v] of Object.entries(first.before ?? {}))
      if (change.before && !same(change.before[f], v))
        fail(
          `${key}: history says ${f} was ${JSON.stringify(v)}, it was ${JSON.stringify(change.before[f])}`,
        );
    if (last.after === null && change.after !== null) fail(`${key}: history says deleted, it is still there`);
    for (const [f, v] of Object.entries(last.after ?? {}))
      if (change.after && !same(change.after[f], v))
        fail(
          `${key}: history says ${f} became ${JSON.stringify(v)}, it is ${JSON.stringify(change.after[f])}`,
        );
    if (change.before && change.after === null) {
      const kept = o.trash.find((t) => t.entity === change.entity.resource && t.entityId === change.id);
      if (!kept) fail(`${key} was deleted without a trash entry`);
      else if (!same(kept.row, change.before))
        fail(`${key}: the trash keeps another row than the one deleted`);
    }
  }
  for (const [key, list] of byRow) {
    const entity = entityByResource(list[0]!.entity);
    if (entity && list.length < 2) fail(`history entry about ${key}, which did not change`);
  }
}

type Result = { index: number; status: string; id?: number; changes?: Record<string, { to: unknown }> };

/** The answer says only what the database holds. */
function answerViolations(o: Observed, rows: RowChange[], fail: (m: string) => void): void {
  const { request, answer } = o;
  if (answer.status >= 300 || !request.entity) return;
  const entity = request.entity;
  const mine = rows.filter((r) => r.entity === entity);
  const changed = (id: number | undefined) => id !== undefined && mine.some((r) => r.id === id);
  const body = answer.body as Record<string, unknown>;
  if (request.kind === 'bulk') {
    const results = (body.results ?? []) as Result[];
    // A row may be written by one row of the request and refused in another.
    const written = new Set(
      results.filter((r) => r.status === 'created' || r.status === 'updated').map((r) => r.id),
    );
    const stated = new Map<string, { what: string; id: number; field: string; to: unknown }>();
    for (const result of results) {
      const id = result.id ?? request.namedIds[result.index];
      const what = `bulk row ${result.index} (${result.status})`;
      if ((result.status === 'rejected' || result.status === 'unchanged') && changed(id) && !written.has(id))
        fail(`${what}: ${entity.resource} ${id} changed`);
      if (request.dryRun) continue;
      if (result.status === 'created' && !o.after.rows.get(entity.resource)!.has(Number(result.id)))
        fail(`${what}: ${entity.resource} ${result.id} is not there`);
      if (result.status === 'updated')
        for (const [f, c] of Object.entries(result.changes ?? {}))
          stated.set(`${String(result.id)} ${f}`, { what, id: Number(result.id), field: f, to: c.to });
    }
    // Rows are written in order: a row the request reaches twice (by id, then by its natural key)
    // holds what the last row that changed it says.
    for (const { what, id, field, to } of stated.values()) {
      const now = o.after.rows.get(entity.resource)!.get(id);
      if (!same(now?.[field], to))
        fail(`${what}: says ${field} → ${JSON.stringify(to)}, it holds ${JSON.stringify(now?.[field])}`);
    }
  }
  if (request.kind === 'bulk-update' || request.kind === 'bulk-delete') {
    if (!request.dryRun && Number(body.changed) !== mine.length)
      fail(`${request.kind} says ${String(body.changed)} changed, the database ${mine.length}`);
    for (const refusal of (body.refusals ?? []) as Array<{ id: number }>)
      if (changed(refusal.id)) fail(`${request.kind}: refused ${entity.resource} ${refusal.id} changed`);
  }
  if (request.kind === 'update' || request.kind === 'create') {
    const id = Number(body.id);
    const now = o.after.rows.get(entity.resource)!.get(id);
    for (const [f, v] of Object.entries(body))
      if (!same(now?.[f], v))
        fail(`${request.kind} answered ${f}=${JSON.stringify(v)}, stored ${JSON.stringify(now?.[f])}`);
  }
  if (request.kind === 'delete') {
    const id = request.namedIds[0]!;
    const now = o.after.rows.get(entity.resource)!.get(id);
    if (now && (now.deletedAt ?? null) === null)
      fail(`delete answered ${answer.status}, ${entity.resource} ${id} is still there`);
  }
}
