import { Router, type RequestHandler } from 'express';
import { auditEntry, contentEntities, level, type AnyEntity } from '#shared/entities/index.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { changeSetHeader } from '../audit/change-set.ts';
import { resourceRouter } from './router.ts';
import type { Store } from './store.ts';
import { solvabilityRouter } from '../solvability/router.ts';
import { createSolvabilityService } from '../solvability/service.ts';

/** Every resource the descriptions list (the nine entities and the audit log), behind requireAdmin. */
export const servedEntities: readonly AnyEntity[] = [...contentEntities, auditEntry];

export function contentResources(deps: {
  database: DatabaseHandle;
  store: Store;
  requireAdmin: RequestHandler;
  clock: () => number;
}): Router {
  const router = Router();
  const { store } = deps;
  // Before the levels' own routes: `levels/cms/solvability` is no id, and the search takes `solvable`.
  router.use(
    solvabilityRouter({
      service: createSolvabilityService(deps.database, deps.clock),
      requireAdmin: deps.requireAdmin,
      searchLevels: (request) => store.search(level, request),
      exportLevels: (request, ids) => store.exportChunks(level, request.filters, request.sort, ids),
    }),
  );
  for (const entity of servedEntities) {
    router.use(
      `/${entity.resource}/cms`,
      deps.requireAdmin,
      changeSetHeader,
      resourceRouter(entity, { store, clock: deps.clock }),
    );
  }
  return router;
}
