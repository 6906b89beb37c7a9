import { sql } from 'kysely';
import {
  CHANGE_SET_COMMAND_HEADER,
  CHANGE_SET_HEADER,
  CHANGE_SET_RECORDED_HEADER,
  MAX_COMMAND_LENGTH,
  UUID_PATTERN,
} from '#shared/change-sets.ts';
import type { Step } from '../http/call.ts';
import { badRequest, Refusal } from '../http/errors.ts';
import type { Tx } from '../resources/integrity.ts';
import type { LooseDb } from '../resources/rows.ts';
import type { ChangeContext } from './record.ts';

/** The change set a request's writes belong to (from its headers), and what it added so far. */
export interface ChangeSetTag {
  id: string;
  command: string;
  /** Set on an undo's own change set: the change set it reverts. */
  undoes?: string;
  /** Audit entries committed under this tag by the current request. */
  recorded: number;
}

const refusedSet = (id: string) =>
  new Refusal(
    409,
    `Change set ${id} belongs to another admin or has been undone: start a new one (a new CLI run); nothing was changed`,
  );

/**
 * Reads `X-Change-Set` (a uuid) and `X-Change-Set-Command` (percent-encoded, capped) into
 * ctx.changeSet; a malformed one is a 400, one of another account (or undone) a 409 before
 * anything is written. The answer then says how many audit entries the request added
 * (`X-Change-Set-Recorded`), so a client knows whether its run changed anything. Without the
 * header nothing changes: no change set, as for the panel and plain API clients. After requireAdmin.
 */
export const changeSetHeader =
  (db: LooseDb): Step =>
  async (ctx) => {
    const tag = readChangeSetHeaders(ctx);
    if (!tag) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      const held = await db
        .selectFrom('changeSets')
        .select(['username', 'undoneBy'])
        .where('id', '=', tag.id)
        .executeTakeFirst();
      if (held && (held.username !== ctx.actor!.username || held.undoneBy !== null)) throw refusedSet(tag.id);
    }
    ctx.changeSet = tag;
    ctx.finishing.push((answer) => {
      if (tag.recorded > 0 && answer.json !== undefined)
        answer.headers[CHANGE_SET_RECORDED_HEADER] = String(tag.recorded);
    });
  };

function readChangeSetHeaders(ctx: Parameters<Step>[0]): ChangeSetTag | undefined {
  const id = ctx.header(CHANGE_SET_HEADER);
  const rawCommand = ctx.header(CHANGE_SET_COMMAND_HEADER);
  if (id === undefined) {
    if (rawCommand !== undefined) throw badRequest(`${CHANGE_SET_COMMAND_HEADER} needs ${CHANGE_SET_HEADER}`);
    return;
  }
  if (!UUID_PATTERN.test(id)) {
    throw badRequest(
      `${CHANGE_SET_HEADER} must be a uuid such as 0b5c…-…, not ${JSON.stringify(id.slice(0, 60))}`,
    );
  }
  let command = '';
  try {
    command = decodeURIComponent(rawCommand ?? '');
  } catch {
    throw badRequest(`${CHANGE_SET_COMMAND_HEADER} must be percent-encoded UTF-8`);
  }
  if (command.length > MAX_COMMAND_LENGTH) {
    throw badRequest(`${CHANGE_SET_COMMAND_HEADER} is longer than ${MAX_COMMAND_LENGTH} characters`);
  }
  return { id: id.toLowerCase(), command, recorded: 0 };
}

const COUNTED = { create: 'created', update: 'updated', delete: 'deleted' } as const;

/**
 * Creates the change set on its first entries, or adds to its counts, in the writing transaction.
 * Refused (409, the whole request: its transaction rolls back) when the id belongs to another
 * admin or was undone already — which changeSetHeader checked, unless a request raced it.
 */
export async function noteChangeSet(
  tx: Tx,
  ctx: ChangeContext,
  tag: ChangeSetTag,
  actions: ReadonlyArray<'create' | 'update' | 'delete'>,
): Promise<void> {
  const counts = { created: 0, updated: 0, deleted: 0 };
  for (const action of actions) counts[COUNTED[action]] += 1;
  const row = await tx.db
    .insertInto('changeSets')
    .values(changeSetValues(tx, ctx, tag, counts))
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({
          lastAt: ctx.now,
          created: sql`change_sets.created + ${counts.created}`,
          updated: sql`change_sets.updated + ${counts.updated}`,
          deleted: sql`change_sets.deleted + ${counts.deleted}`,
        })
        .where(sql.ref('change_sets.username'), '=', ctx.actor.username)
        .where(sql.ref('change_sets.undone_by'), 'is', null),
    )
    .returning('id')
    .executeTakeFirst();
  if (!row) throw refusedSet(tag.id);
  if (tx.committed) tx.committed.push(() => (tag.recorded += actions.length));
  else tag.recorded += actions.length;
}

/** A new change_sets row (SQLite numbers it max + 1: its writes are one at a time). */
export function changeSetValues(
  tx: Tx,
  ctx: ChangeContext,
  tag: ChangeSetTag,
  counts = { created: 0, updated: 0, deleted: 0 },
) {
  return {
    id: tag.id,
    ...(tx.dialect === 'sqlite' ? { seq: sql`(select coalesce(max(seq), 0) + 1 from change_sets)` } : {}),
    at: ctx.now,
    lastAt: ctx.now,
    userId: ctx.actor.userId,
    username: ctx.actor.username,
    command: tag.command,
    ...counts,
    undoes: tag.undoes ?? null,
  };
}
