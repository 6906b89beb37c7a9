import { auditEntry } from '#shared/entities/index.ts';
import { isAdministrator } from '#shared/permissions.ts';
import { reachCondition } from '../access/reach-condition.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { json, type ApiContext } from '../http/call.ts';
import { implement, type ApiOperation } from '../http/operation.ts';
import { changeContextOf } from '../audit/change-context.ts';
import { transactionRunner } from '../resources/transaction.ts';
import { looseDb } from '../resources/rows.ts';
import { changeSetEntries, getChangeSet, searchChangeSets, undoChangeSetOp } from './declarations.ts';
import { changeSetReader } from './store.ts';
import { undoChangeSet } from './undo.ts';

/**
 * Whose change sets the caller sees (issue 43): an administrator every account's (undefined); any
 * other account, or token, only its own account's — another's command lines are never shown.
 */
const ownerOf = (ctx: ApiContext): number | undefined =>
  isAdministrator(ctx.actor!.reach) ? undefined : ctx.actor!.userId;

/**
 * `change-sets/cms/…` (declarations.ts): the change sets newest first, one with its entries as
 * field diffs, and the undo of one (plan with `dryRun`, `force` past rows changed since).
 * Administrators see every account's; other accounts their own (ownerOf), and when limited to some
 * languages only the entries about their languages' rows.
 */
export function changeSetOperations(deps: { database: DatabaseHandle; clock: () => number }): ApiOperation[] {
  const reader = changeSetReader(deps.database);
  const db = looseDb(deps.database);
  const transaction = transactionRunner(deps.database);
  return [
    implement(searchChangeSets, async (ctx) => {
      const { page, size, username } = ctx.input.query;
      return json(await reader.list(page, size, username || undefined, ownerOf(ctx)));
    }),
    implement(getChangeSet, async (ctx) => json(await reader.get(ctx.input.params.id, ownerOf(ctx)))),
    implement(changeSetEntries, async (ctx) => {
      const { page, size } = ctx.input.query;
      // An editor or viewer sees the entries the audit log shows it: not players', not the
      // team's, and only its languages' rows when it is limited to some.
      const { reach } = ctx.actor!;
      const within = isAdministrator(reach) ? null : reachCondition(auditEntry, reach.languages);
      return json(await reader.entries(ctx.input.params.id, page, size, within, ownerOf(ctx)));
    }),
    implement(undoChangeSetOp, async (ctx) => {
      const undo = ctx.input.body;
      // Only a change set the caller may see (its own, or any for an administrator).
      const target = await reader.get(ctx.input.params.id, ownerOf(ctx));
      const options = { dryRun: undo.dryRun ?? false, force: undo.force ?? false };
      return json(await undoChangeSet(db, transaction, target, options, changeContextOf(ctx, deps.clock)));
    }),
  ];
}
