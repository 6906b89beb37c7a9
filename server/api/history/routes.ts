import type { DatabaseHandle } from '../../db/database.ts';
import { json, type ApiContext } from '../http/call.ts';
import { implement, type ApiOperation } from '../http/operation.ts';
import { changeContextOf } from '../audit/change-context.ts';
import { transactionRunner } from '../resources/transaction.ts';
import { looseDb } from '../resources/rows.ts';
import { restoreOp, revertEntryOp, searchTrash } from './declarations.ts';
import { revertEntry } from './revert.ts';
import { listTrash, purgeTrash, restoreFromTrash } from './trash.ts';

/** How often the trash is purged, at most (checked every ten minutes and on a trash read). */
const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * History and undo (declarations.ts): revert one audit entry; list the trash and restore from it.
 * Writes are audited like any other (and join the request's change set). The trash is purged at
 * start, then at most hourly (a timer, and any trash read once the hour is up), by the app's clock.
 */
export function historyOperations(deps: { database: DatabaseHandle; clock: () => number }): {
  operations: ApiOperation[];
  purge(): Promise<void>;
} {
  const db = looseDb(deps.database);
  const transaction = transactionRunner(deps.database);
  const context = (ctx: ApiContext) => changeContextOf(ctx, deps.clock);

  let lastPurge = -Infinity;
  const purge = async () => {
    const now = deps.clock();
    if (now - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = now;
    await purgeTrash(db, now);
  };

  const operations = [
    implement(revertEntryOp, async (ctx) =>
      json(await revertEntry(db, transaction, ctx.input.params.id, context(ctx))),
    ),
    implement(searchTrash, async (ctx) => {
      const { page, size, entity } = ctx.input.query;
      await purge();
      return json(await listTrash(db, deps.clock(), { page, size, ...(entity ? { entity } : {}) }));
    }),
    implement(restoreOp, async (ctx) =>
      json(await restoreFromTrash(transaction, ctx.input.params.id, context(ctx))),
    ),
  ];
  return { operations, purge };
}
