import { assertRowsWithinReach } from '../access/guard.ts';
import type { LooseDb, Values } from '../resources/rows.ts';
import { language, letterGroup, level } from '#shared/entities/index.ts';
import { SOLVABLE_FILTER, type SolvabilityBatch } from '#shared/solvability-request.ts';
import { notFound } from '../http/errors.ts';
import { json, type ApiContext } from '../http/call.ts';
import { implement, type ApiOperation } from '../http/operation.ts';
import type { ListFilter } from '../resources/routes.ts';
import { batchOfLevels, ofLevel, ofValues } from './declarations.ts';
import type { SolvabilityService } from './service.ts';

/**
 * `levels/cms/solvability` (POST: a level's values, saved or not; GET: `?ids=` a page of stored
 * levels) and `levels/cms/{id}/solvability` (declarations.ts), and the level list's `solvable`
 * filter. Read-only, so nothing is audited; the request log keeps who asked.
 */
export function solvabilityOperations(deps: { service: SolvabilityService; db: LooseDb }): {
  operations: ApiOperation[];
  /** `?solvable=yes|no` on the level list and export: the levels whose verdict is, or is not, solvable. */
  solvable: ListFilter;
} {
  const { service } = deps;
  /** An account limited to some languages asks about its own levels only (403 naming the others). */
  const levelsWithinReach = async (ctx: ApiContext, ids: number[]) => {
    if (ctx.actor!.reach.languages === null || ids.length === 0) return;
    const rows = await deps.db
      .selectFrom('levels')
      .select(['id', 'languageId'])
      .where('id', 'in', ids)
      .execute();
    await assertRowsWithinReach(deps.db, ctx.actor!, level, rows, 'read');
  };
  /**
   * Unsaved values name a language, maybe a stored level and letter groups: each must exist (404
   * naming the missing ones, rather than a verdict about nothing) and, for an account limited to
   * some languages, be within them, as a stored level's verdict must (403).
   */
  const valuesWithinReach = async (
    ctx: ApiContext,
    values: { languageId: number; id?: number | null | undefined },
    groupIds: readonly number[] | undefined,
  ) => {
    const rows = async (table: 'languages' | 'levels' | 'letterGroups', ids: readonly number[]) =>
      ids.length === 0
        ? []
        : ((await deps.db
            .selectFrom(table)
            .selectAll()
            .where('id', 'in', [...new Set(ids)])
            .execute()) as Values[]);
    const found = {
      language: await rows('languages', [values.languageId]),
      level: await rows('levels', values.id ? [values.id] : []),
      groups: await rows('letterGroups', groupIds ?? []),
    };
    if (found.language.length === 0) throw notFound(`Language ${values.languageId} not found`);
    if (values.id && found.level.length === 0) throw notFound(`Level ${values.id} not found`);
    const missing = [...new Set(groupIds ?? [])].filter(
      (id) => !found.groups.some((g) => Number(g.id) === id),
    );
    if (missing.length > 0)
      throw notFound(`Letter group${missing.length === 1 ? '' : 's'} ${missing.join(', ')} not found`);
    if (ctx.actor!.reach.languages === null) return;
    await assertRowsWithinReach(deps.db, ctx.actor!, language, found.language, 'read');
    await assertRowsWithinReach(deps.db, ctx.actor!, level, found.level, 'read');
    await assertRowsWithinReach(deps.db, ctx.actor!, letterGroup, found.groups, 'read');
  };

  const solvable: ListFilter = {
    async ids(_ctx, values) {
      const raw = values[SOLVABLE_FILTER];
      if (raw === undefined || raw === '') return null;
      const wanted = raw === 'yes';
      return [...(await service.all())].filter(([, v]) => (v === 'solvable') === wanted).map(([id]) => id);
    },
  };

  const operations = [
    implement(ofValues, async (ctx) => {
      const { letterGroupIds, ...values } = ctx.input.body;
      await valuesWithinReach(ctx, values, letterGroupIds);
      return json(await service.ofValues(values, letterGroupIds));
    }),
    implement(batchOfLevels, async (ctx) => {
      const { ids } = ctx.input.query;
      await levelsWithinReach(ctx, ids);
      const answers = await service.ofLevels(ids);
      const batch: SolvabilityBatch = {
        levels: [...answers].map(([id, a]) => ({
          id,
          verdict: a.verdict,
          reason: a.reason,
          count: a.count,
          required: a.required,
        })),
        missing: ids.filter((id) => !answers.has(id)),
      };
      return json(batch);
    }),
    implement(ofLevel, async (ctx) => {
      const { id } = ctx.input.params;
      await levelsWithinReach(ctx, [id]);
      const answer = (await service.ofLevels([id])).get(id);
      if (!answer) throw notFound(`Level ${id} not found`);
      return json(answer);
    }),
  ];
  return { operations, solvable };
}
