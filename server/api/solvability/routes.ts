import { assertRowsWithinReach } from '../access/guard.ts';
import type { LooseDb } from '../resources/rows.ts';
import { language, letterGroup, level } from '#shared/entities/index.ts';
import { invalid, zodFieldErrors } from '#shared/entities/input.ts';
import { INT_MAX } from '#shared/entities/schemas.ts';
import {
  MAX_SOLVABILITY_BATCH,
  SOLVABLE_CHOICES,
  SOLVABLE_FILTER,
  type SolvabilityBatch,
} from '#shared/solvability-request.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { BODY_LIMIT, jsonBody } from '../http/json-body.ts';
import { json, type ApiAnswer, type ApiContext, type ApiRoute, type Step } from '../http/call.ts';
import { perAdminLimit, tooMany } from '../http/per-admin-limit.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import { exportAnswer, parseExportQuery, type ExportRequest } from '../resources/export.ts';
import type { Values } from '../resources/rows.ts';
import { parseSearchQuery, type SearchRequest } from '../resources/search-query.ts';
import { IGNORED_LEVEL_KEYS, solvabilityRequestSchema } from './request-schema.ts';
import type { SolvabilityService } from './service.ts';

/** Per admin: the form asks as the condition is typed (debounced), a list once per page. */
export const SOLVABILITY_LIMIT = { points: 120, duration: 60 };

const ID = /^\d{1,10}$/;

function levelId(raw: string): number {
  if (!ID.test(raw) || Number(raw) < 1 || Number(raw) > INT_MAX) {
    throw badRequest(`The id must be a positive whole number, not ${JSON.stringify(raw.slice(0, 40))}`);
  }
  return Number(raw);
}

/** `?ids=1,2,3`: 1 to MAX_SOLVABILITY_BATCH level ids, nothing else. */
function batchIds(query: ApiContext['query']): number[] {
  const extra = Object.keys(query).filter((key) => key !== 'ids');
  if (extra.length > 0)
    throw badRequest(`Unknown parameter ${JSON.stringify(extra[0]!.slice(0, 40))}: only ids`);
  const raw = query.ids;
  if (typeof raw !== 'string' || raw.trim() === '') {
    throw badRequest('ids is required: the level ids, separated by commas (ids=1,2,3)');
  }
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.length > MAX_SOLVABILITY_BATCH)
    throw badRequest(`ids names ${parts.length} levels; at most ${MAX_SOLVABILITY_BATCH} at once`);
  return [...new Set(parts.map(levelId))];
}

function requestBody(body: unknown) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest("The body must be a JSON object with the level's values");
  }
  const known = new Set(Object.keys(solvabilityRequestSchema.shape));
  const kept = Object.fromEntries(
    Object.entries(body).filter(([key]) => known.has(key) || !IGNORED_LEVEL_KEYS.has(key)),
  );
  const parsed = solvabilityRequestSchema.strict().safeParse(kept);
  if (!parsed.success) {
    const { message, fieldErrors } = invalid('solvability request', zodFieldErrors(parsed.error, 'a level'));
    throw badRequest(message, fieldErrors);
  }
  return parsed.data;
}

/**
 * `levels/cms/solvability` (POST: a level's values, saved or not; GET: `?ids=` a page of stored
 * levels) and `levels/cms/{id}/solvability`: admin-only and rate-limited per admin. Read-only, so
 * nothing is audited; the request log keeps who asked.
 */
export function solvabilityRoutes(deps: {
  service: SolvabilityService;
  requireAdmin: Step;
  /** The level list's own search (store.search of levels), to which `solvable` adds its ids. */
  searchLevels(ctx: ApiContext, request: SearchRequest): Promise<unknown>;
  /** The level list's export (store.exportChunks of levels), likewise. */
  exportLevels(ctx: ApiContext, request: ExportRequest, ids?: number[]): Promise<AsyncIterable<Values[]>>;
  db: LooseDb;
  rateLimits: RateLimits;
}): ApiRoute[] {
  const { service, requireAdmin } = deps;
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
  const limiter = deps.rateLimits.limiter({ keyPrefix: 'solvability', ...SOLVABILITY_LIMIT });
  const limited = perAdminLimit(limiter, tooMany('solvability'));

  // `?solvable=yes|no` on the level search: the other filters and paging as usual, among the
  // levels whose verdict (kept until their content changes, see service.ts) is or is not solvable.
  // The export of the level list (its filters, no pages) takes it too.
  const solvableIds = async (raw: unknown, what: string): Promise<number[] | null> => {
    if (raw === '') return null;
    if (typeof raw !== 'string' || !(SOLVABLE_CHOICES as readonly string[]).includes(raw)) {
      const message = `must be one of: ${SOLVABLE_CHOICES.join(', ')}`;
      throw badRequest(`Invalid ${what} of levels: ${SOLVABLE_FILTER} ${message}`, {
        [SOLVABLE_FILTER]: [message],
      });
    }
    const wanted = raw === 'yes';
    return [...(await service.all())].filter(([, v]) => (v === 'solvable') === wanted).map(([id]) => id);
  };
  // Without `solvable`, these two decline: the level list's own routes answer. With it, the
  // admin check comes first, then `solvable` is taken out of the list's own query.
  const withSolvable =
    (answer: (ctx: ApiContext, raw: unknown, rest: ApiContext['query']) => Promise<ApiAnswer>): Step =>
    async (ctx) => {
      if (!(SOLVABLE_FILTER in ctx.query)) return;
      const refused = await requireAdmin(ctx);
      if (refused) return refused;
      const { [SOLVABLE_FILTER]: raw, ...rest } = ctx.query;
      return answer(ctx, raw, rest);
    };
  const search = withSolvable(async (ctx, raw, rest) => {
    const request = parseSearchQuery(level, rest);
    let ids = await solvableIds(raw, 'search');
    if (ids === null) return json(await deps.searchLevels(ctx, request));
    // `?ids=` too: the levels both name.
    const named = request.ids ? new Set(request.ids) : null;
    if (named) ids = ids.filter((id) => named.has(id));
    return json(await deps.searchLevels(ctx, { ...request, ids }));
  });
  const exported = withSolvable(async (ctx, raw, rest) => {
    const request = parseExportQuery(level, rest);
    const ids = await solvableIds(raw, 'export');
    return exportAnswer(level, request, await deps.exportLevels(ctx, request, ids ?? undefined));
  });

  return [
    { path: '/levels/cms/search', methods: { get: [search] }, passThrough: true },
    { path: '/levels/cms/export', methods: { get: [exported] }, passThrough: true },
    {
      path: '/levels/cms/solvability',
      methods: {
        post: [
          requireAdmin,
          limited,
          jsonBody(BODY_LIMIT),
          async (ctx) => {
            const { letterGroupIds, ...level } = requestBody(ctx.body);
            await valuesWithinReach(ctx, level, letterGroupIds);
            return json(await service.ofValues(level, letterGroupIds));
          },
        ],
        get: [
          requireAdmin,
          limited,
          async (ctx) => {
            const ids = batchIds(ctx.query);
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
          },
        ],
      },
    },
    {
      path: '/levels/cms/:id/solvability',
      methods: {
        get: [
          requireAdmin,
          limited,
          async (ctx) => {
            const id = levelId(String(ctx.params.id));
            await levelsWithinReach(ctx, [id]);
            const answer = (await service.ofLevels([id])).get(id);
            if (!answer) throw notFound(`Level ${id} not found`);
            return json(answer);
          },
        ],
      },
    },
  ];
}
