import { Router, type RequestHandler } from 'express';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { seedDemoContent } from '../seed/index.ts';
import { createAuth, ensureAdmin } from './auth/index.ts';
import { changeSetRouter } from './changes/router.ts';
import { healthRouter } from './health/router.ts';
import { historyRouters } from './history/router.ts';
import { apiErrorHandler, apiNotFound } from './http/errors.ts';
import { linkBuilderRouter } from './links/router.ts';
import { openApiDocument } from './openapi/document.ts';
import { contentResources, servedEntities } from './resources/index.ts';
import { createNaturalKeyGuard } from './resources/natural-key-guard.ts';
import { createStore } from './resources/store.ts';

/** Where the content API lives: `/arguscreative/{product}` (SPEC §7). */
export function apiPrefix(config: Config): string {
  return `/arguscreative/${config.apiProduct}`;
}

// API answers are per user and per moment: no cache may keep them.
const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

export interface ContentApi {
  /** Mount at apiPrefix(config). */
  router: Router;
  /** Stops its timers and jobs. */
  close(): Promise<void>;
}

/**
 * The embedded content API: bootstraps the first admin and (on an empty database) the demo content,
 * then serves `/auth/*` (public), `/openapi.json` (public) and every `/{resource}/cms/*` behind
 * requireAdmin. Everything answers JSON; unknown paths are 404, wrong methods 405.
 */
export async function createContentApi(deps: {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  clock: () => number;
}): Promise<ContentApi> {
  const { config, database, logger, clock } = deps;
  const naturalKeys = createNaturalKeyGuard(database, logger);
  // Once, whatever the number of instances starting together on this database.
  await database.startupLock(async () => {
    await ensureAdmin({ config, database, logger });
    if (config.demoContent) await seedDemoContent(database, logger);
    // Rows stored before a unique rule existed: warned about, never merged; enforced once resolved.
    await naturalKeys.start();
  });
  const auth = await createAuth({ config, database, logger, clock });
  const links = linkBuilderRouter({
    database,
    store: naturalKeys.wrap(createStore(database)),
    requireAdmin: auth.requireAdmin,
    clock,
    logger,
  });
  // Jobs a previous process left under way can no longer finish: shown as interrupted.
  await links.start();

  const openApi = JSON.stringify(openApiDocument({ prefix: apiPrefix(config), entities: servedEntities }));
  const router = Router();
  router.use(noStore);
  router.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(openApi);
  });
  router.use('/auth', auth.router);
  router.use(links.router);
  const history = historyRouters({ database, clock, requireAdmin: auth.requireAdmin });
  router.use('/audit/cms', history.audit);
  router.use('/trash/cms', history.trash);
  const store = naturalKeys.wrap(createStore(database));
  router.use(contentResources({ database, store, requireAdmin: auth.requireAdmin, clock }));
  router.use('/change-sets/cms', auth.requireAdmin, changeSetRouter({ database, clock }));
  router.use('/health/cms', auth.requireAdmin, healthRouter({ database, clock }));
  router.use(apiNotFound);
  router.use(apiErrorHandler(logger));
  // The trash forgets rows after 30 days: at start, then checked every ten minutes.
  const purging = async () => {
    try {
      await history.purge();
    } catch (error) {
      logger.warn({ err: error }, 'trash purge failed; retried later');
    }
  };
  await purging();
  const timer = setInterval(() => void purging(), 10 * 60 * 1000);
  timer.unref();
  return {
    router,
    close: async () => {
      clearInterval(timer);
      await links.close();
      await auth.close();
    },
  };
}
