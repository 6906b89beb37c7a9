import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { contentEntities, type AnyEntity } from '#shared/entities/index.ts';
import type { ChangeSet, UndoResponse } from '#shared/change-sets.ts';
import { changeSetValues } from '../audit/change-set.ts';
import type { ChangeContext } from '../audit/record.ts';
import { badRequest, conflict } from '../http/errors.ts';
import type { Tx } from '../resources/integrity.ts';
import type { LooseDb, Values } from '../resources/rows.ts';
import { netChange, parentsFirst, type Entry, type NetChange } from './net.ts';
import { newTally, restoreChunk, type Phase, type Tally } from './restore.ts';
import { assertEntityAccess, limited, refuseOutside, type OutsideRows } from '../access/guard.ts';
import { netOutsideOfReach } from '../access/net-reach.ts';

/** Rows restored per transaction, as the bulk edits do. */
const CHUNK = 500;

type Transaction = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

class RollBack extends Error {}

const ORDER = parentsFirst(contentEntities);

function phaseOf(net: NetChange): Phase | null {
  if (net.before === null) return net.after === null ? null : 'delete';
  return net.after === null ? 'recreate' : 'update';
}

/**
 * Restores every row a change set touched to its values from before, a chunk of rows per
 * transaction (a dry run rolls each back): rows it deleted are inserted again with their ids, rows
 * it updated get their earlier values back, rows it created are deleted. A row changed since (a
 * field no longer holds what the change set left) is refused, naming the field and who changed it,
 * unless `force`; a row already back as it was counts as unchanged, so a re-run finishes the job.
 * The writes are the undo's own change set (`ctx.changeSet`); once every row is back, the undone
 * change set is marked so (a second undo is refused).
 */
export async function undoChangeSet(
  db: LooseDb,
  transaction: Transaction,
  target: ChangeSet,
  options: { dryRun: boolean; force: boolean },
  ctx: ChangeContext,
): Promise<UndoResponse> {
  if (target.undoneBy) {
    throw conflict(
      `Change set ${target.id} was already undone by change set ${target.undoneBy} at ${target.undoneAt ?? '?'}`,
    );
  }
  const own = ctx.changeSet ?? { id: randomUUID(), command: `undo ${target.id}`, recorded: 0 };
  if (own.id === target.id) throw badRequest('A change set cannot undo itself: undo it from another run');
  own.undoes = target.id;
  const undoCtx: ChangeContext = { ...ctx, changeSet: own };
  const tally: Tally = { ...newTally(), dryRun: options.dryRun };
  const lastEntry = Number(
    (
      await db
        .selectFrom('auditLog')
        .select(sql<number>`max(id)`.as('top'))
        .where('changeSetId', '=', target.id)
        .executeTakeFirst()
    )?.top ?? 0,
  );
  const kinds = await db
    .selectFrom('auditLog')
    .select(['entity', 'action', sql<number>`sum(case when after is null then 1 else 0 end)`.as('hard')])
    .where('changeSetId', '=', target.id)
    .groupBy(['entity', 'action'])
    .execute();
  const has = (entity: AnyEntity, test: (action: string, hard: number) => boolean) =>
    kinds.some((k) => k.entity === entity.resource && test(String(k.action), Number(k.hard)));
  const plan: Array<[Phase, AnyEntity]> = [
    ...ORDER.filter((e) => has(e, (a, hard) => a === 'delete' && hard > 0)).map(
      (e) => ['recreate', e] as [Phase, AnyEntity],
    ),
    ...ORDER.filter((e) => has(e, (a, hard) => a === 'update' || (a === 'delete' && hard === 0))).map(
      (e) => ['update', e] as [Phase, AnyEntity],
    ),
    ...[...ORDER]
      .reverse()
      .filter((e) => has(e, (a) => a === 'create'))
      .map((e) => ['delete', e] as [Phase, AnyEntity]),
  ];

  // An account limited to some languages (or a viewer): refused whole before the first chunk.
  const outside: OutsideRows = new Map();
  for (const entity of new Set(plan.map(([, e]) => e))) {
    assertEntityAccess(ctx.actor, entity, 'write');
    // Only an account limited to some languages needs the rows read (an administrator: nothing).
    if (!limited(ctx.actor, entity)) continue;
    for await (const changes of netChunks(db, target.id, entity))
      await netOutsideOfReach(db, ctx.actor, entity, changes, outside);
    await refuseOutside(db, ctx.actor, entity, outside, 'write');
  }

  for (const [phase, entity] of plan) {
    for await (const changes of netChunks(db, target.id, entity)) {
      const mine = changes.filter((net) => {
        const at = phaseOf(net);
        // A row created and deleted again is counted once, with the creates.
        if (at === null && phase === 'delete') {
          tally.matched += 1;
          tally.unchanged += 1;
        }
        return at === phase;
      });
      if (mine.length === 0) continue;
      try {
        await transaction(async (tx) => {
          await restoreChunk(tx, entity, phase, mine, options.force, lastEntry, undoCtx, tally);
          if (options.dryRun) throw new RollBack();
        });
      } catch (error) {
        if (!(error instanceof RollBack)) throw error;
      }
    }
  }

  const complete = tally.refused === 0;
  if (!options.dryRun && complete) {
    await transaction(async (tx) => {
      // The undo's own change set exists even when every row was already back.
      await tx.db
        .insertInto('changeSets')
        .values(changeSetValues(tx, ctx, own))
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await tx.db
        .updateTable('changeSets')
        .set({ undoneBy: own.id, undoneAt: ctx.now })
        .where('id', '=', target.id)
        .where('undoneBy', 'is', null)
        .execute();
      // Undoing an undo puts its changes back: the change set it undid can be undone again.
      if (target.undoes) {
        await tx.db
          .updateTable('changeSets')
          .set({ undoneBy: null, undoneAt: null })
          .where('id', '=', target.undoes)
          .where('undoneBy', '=', target.id)
          .execute();
      }
    });
  }
  return {
    ...tally,
    undone: target.id,
    changeSet: options.dryRun ? null : own.id,
    complete: complete && !options.dryRun,
  };
}

/** The change set's rows of one entity, a chunk of row ids at a time, each with its net change. */
async function* netChunks(db: LooseDb, changeSetId: string, entity: AnyEntity): AsyncGenerator<NetChange[]> {
  let last = 0;
  for (;;) {
    const ids = (
      await db
        .selectFrom('auditLog')
        .select('entityId')
        .distinct()
        .where('changeSetId', '=', changeSetId)
        .where('entity', '=', entity.resource)
        .where('entityId', '>', last)
        .orderBy('entityId')
        .limit(CHUNK)
        .execute()
    ).map((row) => Number(row.entityId));
    if (ids.length === 0) return;
    last = ids.at(-1)!;
    const rows = await db
      .selectFrom('auditLog')
      .select(['id', 'entityId', 'action', 'before', 'after'])
      .where('changeSetId', '=', changeSetId)
      .where('entity', '=', entity.resource)
      .where('entityId', 'in', ids)
      .orderBy('entityId')
      .orderBy('id')
      .execute();
    const byRow = new Map<number, Entry[]>();
    for (const row of rows) {
      const entityId = Number(row.entityId);
      const entry: Entry = {
        id: Number(row.id),
        entityId,
        action: row.action as Entry['action'],
        before: row.before === null ? null : (JSON.parse(String(row.before)) as Values),
        after: row.after === null ? null : (JSON.parse(String(row.after)) as Values),
      };
      byRow.set(entityId, [...(byRow.get(entityId) ?? []), entry]);
    }
    yield [...byRow].map(([id, entries]) => netChange(id, entries));
  }
}
