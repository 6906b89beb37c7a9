import type { Findings, ReleaseState } from '#shared/releases/api.ts';
import type { ChangeContext } from '../audit/record.ts';
import { conflict, notFound } from '../http/errors.ts';
import type { LooseDb, Values } from '../resources/rows.ts';

/** The audit entry a publish, widening or rollback writes in its transaction (entity `releases`). */
export interface ReleaseAudit {
  ctx: ChangeContext;
  action: 'publish' | 'rollback' | 'widen' | 'schedule' | 'cancel';
  before: Values | null;
  after: Values | null;
}

/** Appends a release's audit entry (who, when, from where, what), inside the caller's transaction. */
export async function auditRelease(
  trx: Pick<LooseDb, 'insertInto'>,
  entityId: number,
  audit: ReleaseAudit,
  entity: 'releases' | 'release-schedules' = 'releases',
): Promise<void> {
  await trx
    .insertInto('auditLog')
    .values({
      at: audit.ctx.now,
      userId: audit.ctx.actor.userId,
      username: audit.ctx.actor.username,
      ip: audit.ctx.ip,
      entity,
      entityId,
      action: audit.action,
      before: audit.before === null ? null : JSON.stringify(audit.before),
      after: audit.after === null ? null : JSON.stringify(audit.after),
      changeSetId: null,
    })
    .execute();
}

/** The row of release_state as the game's reads need it. */
export interface StoredState extends ReleaseState {
  /** A value that differs whenever the row does (kept answers are compared with it). */
  key: string;
}

/**
 * The switches of which release the game gets (release_state, migration 0023): each one
 * transaction with its audit entry, so a game request sees the release before or after it, and
 * every instance reads the row again at its next request (reader.ts).
 */
export function stateSwitches(db: LooseDb, state: () => Promise<StoredState>) {
  return {
    /**
     * Makes a built release available, in one transaction with the switch: current (share 100,
     * the one before becoming previous) or staged for `share` per cent of players.
     */
    async publish(
      release: { id: number; number: number; contentHash: string; share: number; findings: Findings | null },
      audit: ReleaseAudit,
    ) {
      const { number, share } = release;
      const now = audit.ctx.now;
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('releases')
          .set({
            status: 'published',
            contentHash: release.contentHash,
            publishedAt: now,
            findings:
              release.findings && release.findings.total > 0 ? JSON.stringify(release.findings) : null,
          })
          .where('id', '=', release.id)
          .execute();
        await auditRelease(trx, number, audit);
        const before = await trx
          .selectFrom('releaseState')
          .selectAll()
          .where('id', '=', 1)
          .executeTakeFirst();
        const values =
          share >= 100
            ? {
                previousNumber: before?.currentNumber ?? null,
                currentNumber: number,
                stagedNumber: null,
                stagedShare: 0,
              }
            : { stagedNumber: number, stagedShare: share };
        await trx
          .updateTable('releaseState')
          .set({ ...values, switchedAt: now })
          .where('id', '=', 1)
          .execute();
      });
    },

    /**
     * The game gets `number` from now on: made current (the current one becoming previous), any
     * staged rollout ended; rolling back to the current release ends a staged rollout only.
     */
    async rollback(number: number, audit: ReleaseAudit): Promise<StoredState> {
      const now = audit.ctx.now;
      await db.transaction().execute(async (trx) => {
        const release = await trx
          .selectFrom('releases')
          .select('id')
          .where('number', '=', number)
          .where('status', '=', 'published')
          .executeTakeFirst();
        if (!release) throw notFound(`Release ${number} not found (or pruned)`);
        const before = await trx
          .selectFrom('releaseState')
          .selectAll()
          .where('id', '=', 1)
          .executeTakeFirst();
        const current = before?.currentNumber === null ? null : Number(before?.currentNumber);
        const values =
          current === number
            ? { stagedNumber: null, stagedShare: 0 }
            : { previousNumber: current, currentNumber: number, stagedNumber: null, stagedShare: 0 };
        await trx
          .updateTable('releaseState')
          .set({ ...values, switchedAt: now })
          .where('id', '=', 1)
          .execute();
        await auditRelease(trx, number, {
          ...audit,
          before: { current, staged: before?.stagedNumber ?? null },
          after: { current: number, staged: null, ...audit.after },
        });
      });
      return state();
    },

    /** A staged release given to `share` per cent of players; at 100 it becomes current. */
    async widen(number: number, share: number, audit: ReleaseAudit): Promise<StoredState> {
      const now = audit.ctx.now;
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('releaseState')
          .selectAll()
          .where('id', '=', 1)
          .executeTakeFirst();
        if (Number(before?.stagedNumber ?? 0) !== number)
          throw conflict(`Release ${number} is not being rolled out: only the staged release can be widened`);
        const values =
          share >= 100
            ? {
                previousNumber: before?.currentNumber ?? null,
                currentNumber: number,
                stagedNumber: null,
                stagedShare: 0,
              }
            : { stagedShare: share };
        await trx
          .updateTable('releaseState')
          .set({ ...values, switchedAt: now })
          .where('id', '=', 1)
          .execute();
        await auditRelease(trx, number, {
          ...audit,
          before: { share: Number(before?.stagedShare ?? 0) },
          after: { share },
        });
      });
      return state();
    },
  };
}
