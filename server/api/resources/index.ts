import { auditEntry, contentEntities, level, type AnyEntity } from '#shared/entities/index.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { changeSetHeader } from '../audit/change-set.ts';
import { under, type ApiRoute, type Step } from '../http/call.ts';
import { resourceRoutes, withinReach } from './routes.ts';
import { looseDb } from './rows.ts';
import type { Store } from './store.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import { solvabilityRoutes } from '../solvability/routes.ts';
import { createSolvabilityService } from '../solvability/service.ts';

/** Every resource the descriptions list (the nine entities and the audit log), behind requireAdmin. */
export const servedEntities: readonly AnyEntity[] = [...contentEntities, auditEntry];

export function contentRoutes(deps: {
  database: DatabaseHandle;
  store: Store;
  requireAdmin: Step;
  clock: () => number;
  rateLimits: RateLimits;
}): ApiRoute[] {
  const { store } = deps;
  const db = looseDb(deps.database);
  return [
    // Before the levels' own routes: `levels/cms/solvability` is no id, and the search takes `solvable`.
    ...solvabilityRoutes({
      service: createSolvabilityService(deps.database, deps.clock),
      requireAdmin: deps.requireAdmin,
      db,
      rateLimits: deps.rateLimits,
      searchLevels: async (ctx, request) => store.search(level, await withinReach(db, ctx, level, request)),
      exportLevels: async (ctx, request, ids) =>
        store.exportChunks(level, {
          ...(await withinReach(db, ctx, level, request)),
          ...(ids ? { ids } : {}),
        }),
    }),
    ...servedEntities.flatMap((entity) =>
      under(
        '',
        [deps.requireAdmin, changeSetHeader(db)],
        resourceRoutes(entity, { store, clock: deps.clock, db }),
      ),
    ),
  ];
}
