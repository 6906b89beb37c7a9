import type { Router } from 'express';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { seedDemoContent } from '../seed/index.ts';
import { createAuth, ensureAdmin } from './auth/index.ts';
import { changeSetRoutes } from './changes/routes.ts';
import { difficultyRoutes } from './difficulty/routes.ts';
import { createDifficultyService } from './difficulty/service.ts';
import { healthRoutes } from './health/routes.ts';
import { historyRoutes } from './history/routes.ts';
import { under, type ApiAnswer, type ApiRoute } from './http/call.ts';
import { expressRoutes } from './http/express-routes.ts';
import { createRateLimits } from './http/rate-limits.ts';
import { inProcessApi, type InProcessApi } from './http/in-process.ts';
import { linkBuilderRoutes } from './links/routes.ts';
import { openApiDocument } from './openapi/document.ts';
import { contentRoutes, servedEntities } from './resources/index.ts';
import { createNaturalKeyGuard } from './resources/natural-key-guard.ts';
import { looseDb } from './resources/rows.ts';
import { createStore } from './resources/store.ts';
import { teamRoutes } from './team/routes.ts';
import { dictionaryRoutes } from './dictionary/routes.ts';
import { registerWordFlagger } from './resources/word-flags.ts';
import { createDictionaries } from '../dictionary/checker.ts';
import { createWordFlagger } from '../dictionary/flagger.ts';
import { startRecheck } from '../dictionary/recheck.ts';
import { createDictionaryService } from '../dictionary/service.ts';
import { PANEL_PATH } from '#shared/panel-paths.ts';

/** Where the content API lives: `/arguscreative/{product}` (SPEC §7). */
export function apiPrefix(config: Config): string {
  return `/arguscreative/${config.apiProduct}`;
}

export interface ContentApi {
  /** The API's routes for HTTP clients: mount at apiPrefix(config). */
  router: Router;
  /** The same routes called in process: the panel's way to the embedded API. */
  call: InProcessApi;
  /** Stops its timers and jobs. */
  close(): Promise<void>;
}

/**
 * The embedded content API: bootstraps the first admin and (on an empty database) the demo content,
 * then serves `/auth/*` (public), `/openapi.json` (public) and every `/{resource}/cms/*` behind
 * requireAdmin. Everything answers JSON; unknown paths are 404, wrong methods 405. One route table
 * (http/call.ts) is served two ways: by Express to HTTP clients, in process to the panel.
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
  // Every rate limit's counters: in Redis when REDIS_URL is set, shared by all instances.
  const rateLimits = createRateLimits({
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    redisCommandTimeoutMs: config.redisCommandTimeoutMs,
    logger,
  });
  const auth = await createAuth({ config, database, logger, clock, rateLimits });
  // Issue 46: each language's reference dictionary, loaded on first use in a thread of its own;
  // words written are judged by it, and stored words again when a dictionary changed.
  const dictionaries = createDictionaries(config.dictionaries, config.offensiveWordsDir, logger);
  if (dictionaries.configured) registerWordFlagger(database, createWordFlagger(dictionaries));
  const recheck = startRecheck(database, dictionaries, logger);
  const store = naturalKeys.wrap(createStore(database));
  const links = linkBuilderRoutes({
    database,
    store,
    requireAdmin: auth.requireAdmin,
    clock,
    logger,
    rateLimits,
  });
  // Jobs whose instance stopped renewing their lease are interrupted: now, then every few seconds.
  await links.start();
  const history = historyRoutes({ database, clock, requireAdmin: auth.requireAdmin, rateLimits });

  const difficulty = createDifficultyService(database);

  const prefix = apiPrefix(config);
  const openApi = openApiDocument({ prefix, entities: servedEntities });
  const openApiAnswer = (): ApiAnswer => ({ status: 200, headers: {}, json: openApi });
  const routes: ApiRoute[] = [
    { path: '/openapi.json', methods: { get: [openApiAnswer] } },
    ...auth.routes,
    ...links.routes,
    ...history.routes,
    // Before the levels' own routes: `levels/cms/difficulty` is no id.
    ...difficultyRoutes({
      service: difficulty,
      requireAdmin: auth.requireAdmin,
      db: looseDb(database),
      clock,
      rateLimits,
    }),
    // Before the words' own routes: `words/cms/check` is no id.
    ...dictionaryRoutes({
      database,
      service: createDictionaryService(database, dictionaries),
      dictionaries,
      recheck,
      requireAdmin: auth.requireAdmin,
      clock,
    }),
    ...contentRoutes({ database, store, requireAdmin: auth.requireAdmin, clock, rateLimits }),
    ...under('/change-sets/cms', [auth.requireAdmin], changeSetRoutes({ database, clock })),
    ...under('/health/cms', [auth.requireAdmin], healthRoutes({ database, clock, difficulty, rateLimits })),
    ...teamRoutes({
      database,
      auth: auth.context,
      requireAdmin: auth.requireAdmin,
      clock,
      logger,
      enrolmentPath: `${PANEL_PATH}/enrol`,
    }),
  ];
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
    router: expressRoutes(routes, { prefix, logger }),
    call: inProcessApi(routes, { prefix }),
    close: async () => {
      clearInterval(timer);
      recheck.stop();
      await recheck.done;
      registerWordFlagger(database, null);
      await dictionaries.close();
      await links.close();
      await rateLimits.close();
    },
  };
}
