import type { DifficultyReport } from '#shared/difficulty.ts';
import { MIN_PLAYERS } from '#shared/difficulty.ts';
import { level } from '#shared/entities/index.ts';
import { languageRefusal } from '#shared/permissions.ts';
import { who } from '../access/guard.ts';
import { languageNames } from '../access/language-names.ts';
import { json } from '../http/call.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { implement, type ApiOperation } from '../http/operation.ts';
import type { LooseDb } from '../resources/rows.ts';
import { levelDifficulty } from './declarations.ts';
import type { DifficultyService } from './service.ts';

/**
 * `levels/cms/difficulty` (an extension): how players fare on each level of a stage. Any account
 * that may read levels may ask (the figures are sums over players, never a player's row), for its
 * own languages: without `languageId`, a limited account gets its languages' curves.
 */
export function difficultyOperations(deps: {
  service: DifficultyService;
  db: LooseDb;
  clock: () => number;
}): ApiOperation[] {
  const { service, db } = deps;
  const report = implement(levelDifficulty, async (ctx) => {
    const { filters, range } = ctx.input.query;
    const stage = await db
      .selectFrom('stages')
      .select(['id', 'number'])
      .where('id', '=', filters.stageId)
      .executeTakeFirst();
    if (!stage) throw notFound(`Stage ${filters.stageId} not found`);
    const reach = ctx.actor!.reach.languages;
    let languages: readonly number[] | null = reach;
    if (filters.languageId !== undefined) {
      const known = await db
        .selectFrom('languages')
        .select('id')
        .where('id', '=', filters.languageId)
        .executeTakeFirst();
      if (!known) throw notFound(`Language ${filters.languageId} not found`);
      if (reach !== null && !reach.includes(filters.languageId))
        throw new ApiError(
          403,
          languageRefusal(ctx.actor!.reach, level, 'read', await languageNames(db), who(ctx.actor!)),
        );
      languages = [filters.languageId];
    }
    const curves = await service.stage({
      stageId: filters.stageId,
      languages: languages && [...languages].sort((a, b) => a - b),
      ...range,
      ...(filters.activePlayers ? { activePlayers: true } : {}),
    });
    const body: DifficultyReport = {
      generatedAt: new Date(deps.clock()).toISOString(),
      filters,
      minPlayers: MIN_PLAYERS,
      stage: { id: Number(stage.id), number: Number(stage.number) },
      curves,
    };
    return json(body);
  });
  return [report];
}
