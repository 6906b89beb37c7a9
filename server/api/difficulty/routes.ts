import type { DifficultyFilters, DifficultyReport } from '#shared/difficulty.ts';
import { MIN_PLAYERS } from '#shared/difficulty.ts';
import { level } from '#shared/entities/index.ts';
import { INT_MAX } from '#shared/entities/schemas.ts';
import { languageRefusal } from '#shared/permissions.ts';
import { allowEntity, who } from '../access/guard.ts';
import { languageNames } from '../access/language-names.ts';
import { json, type ApiContext, type ApiRoute, type Step } from '../http/call.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import { perAdminLimit, tooMany } from '../http/per-admin-limit.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import type { LooseDb } from '../resources/rows.ts';
import type { DifficultyService } from './service.ts';

/** Per account: a designer changes filters by hand; a notebook loops over stages. */
export const DIFFICULTY_LIMIT = { points: 120, duration: 60 };

const PARAMETERS = ['stageId', 'languageId', 'since', 'until', 'activePlayers'];
const ID = /^\d{1,10}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

function id(raw: unknown, name: string): number {
  if (typeof raw !== 'string' || !ID.test(raw) || Number(raw) < 1 || Number(raw) > INT_MAX)
    throw badRequest(
      `${name} must be a positive whole number, not ${JSON.stringify(String(raw).slice(0, 40))}`,
      {
        [name]: ['must be a positive whole number'],
      },
    );
  return Number(raw);
}

/** A day (`2026-11-01`, UTC) or an instant with its offset; `until` a day means through its end. */
function instant(raw: unknown, name: 'since' | 'until'): string {
  const text = typeof raw === 'string' ? raw : '';
  const date = new Date(DAY.test(text) ? `${text}T00:00:00Z` : INSTANT.test(text) ? text : 'invalid');
  if (Number.isNaN(date.getTime()))
    throw badRequest(
      `${name} must be a day (2026-11-01) or an instant with its offset (2026-11-01T08:00:00Z), not ${JSON.stringify(text.slice(0, 40))}`,
      { [name]: ['must be a day or an ISO 8601 instant'] },
    );
  if (name === 'until' && DAY.test(text)) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}

/** The query as filters; anything unknown or malformed is a 400 naming it. */
export function parseFilters(query: ApiContext['query']): {
  filters: DifficultyFilters;
  range: { since?: string; until?: string };
} {
  const unknown = Object.keys(query).find((key) => !PARAMETERS.includes(key));
  if (unknown)
    throw badRequest(
      `Unknown parameter ${JSON.stringify(unknown.slice(0, 40))}: only ${PARAMETERS.join(', ')}`,
    );
  if (query.stageId === undefined || query.stageId === '')
    throw badRequest('stageId is required: the stage whose levels to show', { stageId: ['is required'] });
  const filters: DifficultyFilters = { stageId: id(query.stageId, 'stageId') };
  const range: { since?: string; until?: string } = {};
  if (query.languageId !== undefined && query.languageId !== '')
    filters.languageId = id(query.languageId, 'languageId');
  if (query.since !== undefined && query.since !== '') {
    filters.since = String(query.since);
    range.since = instant(query.since, 'since');
  }
  if (query.until !== undefined && query.until !== '') {
    filters.until = String(query.until);
    range.until = instant(query.until, 'until');
  }
  if (range.since && range.until && range.since >= range.until)
    throw badRequest(`since (${filters.since}) must come before until (${filters.until})`, {
      until: ['must come after since'],
    });
  const active = query.activePlayers;
  if (active !== undefined && active !== '' && active !== 'true' && active !== 'false')
    throw badRequest(
      `activePlayers must be true or false, not ${JSON.stringify(String(active).slice(0, 40))}`,
      {
        activePlayers: ['must be true or false'],
      },
    );
  if (active === 'true') filters.activePlayers = true;
  return { filters, range };
}

/**
 * `levels/cms/difficulty` (an extension): how players fare on each level of a stage. Any account
 * that may read levels may ask (the figures are sums over players, never a player's row), for its
 * own languages: without `languageId`, a limited account gets its languages' curves.
 */
export function difficultyRoutes(deps: {
  service: DifficultyService;
  requireAdmin: Step;
  db: LooseDb;
  clock: () => number;
  rateLimits: RateLimits;
}): ApiRoute[] {
  const { service, db } = deps;
  const limited = perAdminLimit(
    deps.rateLimits.limiter({ keyPrefix: 'difficulty', ...DIFFICULTY_LIMIT }),
    tooMany('difficulty'),
  );

  const report: Step = async (ctx) => {
    const { filters, range } = parseFilters(ctx.query);
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
  };

  return [
    {
      path: '/levels/cms/difficulty',
      methods: { get: [deps.requireAdmin, allowEntity(level, 'read'), limited, report] },
    },
  ];
}
