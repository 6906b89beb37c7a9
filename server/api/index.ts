import type { RequestHandler } from 'express';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { seedDemoContent } from '../seed/index.ts';
import { createAuth, ensureAdmin } from './auth/index.ts';
import { changeSetOperations } from './changes/routes.ts';
import { openApiOperation, reservedPaths } from './declarations.ts';
import { difficultyOperations } from './difficulty/routes.ts';
import { createDifficultyService } from './difficulty/service.ts';
import { healthOperations } from './health/routes.ts';
import { historyOperations } from './history/routes.ts';
import { json } from './http/call.ts';
import { createDispatch } from './http/dispatch.ts';
import { expressMount } from './http/express-mount.ts';
import { compressWhenAccepted } from '../http/compression.ts';
import { implement, type ApiOperation } from './http/operation.ts';
import { createRateLimits } from './http/rate-limits.ts';
import { inProcessApi, type InProcessApi } from './http/in-process.ts';
import { linkBuilderOperations } from './links/routes.ts';
import { openApiDocument } from './openapi/document.ts';
import { contentOperations } from './resources/index.ts';
import { createNaturalKeyGuard } from './resources/natural-key-guard.ts';
import { looseDb } from './resources/rows.ts';
import { createStore } from './resources/store.ts';
import { teamOperations } from './team/routes.ts';
import { dictionaryOperations } from './dictionary/routes.ts';
import { registerWordFlagger } from './resources/word-flags.ts';
import { createDictionaries } from '../dictionary/checker.ts';
import { createWordFlagger } from '../dictionary/flagger.ts';
import { startRecheck } from '../dictionary/recheck.ts';
import { createDictionaryService } from '../dictionary/service.ts';
import { releaseOperations } from './releases/routes.ts';
import { PANEL_PATH } from '#shared/panel-paths.ts';
import { perTurn } from '../db/until-commit.ts';

/** Where the content API lives: `/arguscreative/{product}` (SPEC §7). */
export function apiPrefix(config: Config): string {
  return `/arguscreative/${config.apiProduct}`;
}

export interface ContentApi {
  /** The API for HTTP clients: mount at apiPrefix(config). */
  handler: RequestHandler;
  /** The same routes called in process: the panel's way to the embedded API. */
  call: InProcessApi;
  /** Its operations as served (tests hold them to the declarations). */
  operations: readonly ApiOperation[];
  /** Stops its timers and jobs. */
  close(): Promise<void>;
}

/**
 * The embedded content API: bootstraps the first admin and (on an empty database) the demo content,
 * then serves `/auth/*` (public), `/openapi.json` (public) and every `/{resource}/cms/*` behind
 * requireAdmin. Everything answers JSON; unknown paths are 404, wrong methods 405. Every operation
 * is declared once (declarations.ts) and served by one dispatcher (http/dispatch.ts), two ways: by
 * Express to HTTP clients, in process to the panel.
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
  // The game's reads of releases read the access counter once per turn of the event loop.
  const releaseReadsVersion = perTurn(database.accessVersion);
  const auth = await createAuth({ config, database, logger, clock, rateLimits, releaseReadsVersion });
  // Issue 46: each language's reference dictionary, loaded on first use in a thread of its own;
  // words written are judged by it, and stored words again when a dictionary changed.
  const dictionaries = createDictionaries(config.dictionaries, config.offensiveWordsDir, logger);
  if (dictionaries.configured) registerWordFlagger(database, createWordFlagger(dictionaries, database));
  const recheck = startRecheck(database, dictionaries, logger);
  const store = naturalKeys.wrap(createStore(database));
  const links = linkBuilderOperations({ database, store, clock, logger });
  const releases = releaseOperations({
    database,
    clock,
    logger,
    retention: config.releaseRetention,
    version: releaseReadsVersion,
  });
  // Jobs whose instance stopped renewing their lease are interrupted: now, then every few seconds.
  await links.start();
  await releases.start();
  const history = historyOperations({ database, clock });
  const difficulty = createDifficultyService(database);

  const prefix = apiPrefix(config);
  const openApi = openApiDocument({ prefix });
  const operations: ApiOperation[] = [
    implement(openApiOperation, () => json(openApi)),
    ...auth.operations,
    ...teamOperations({ database, auth: auth.context, clock, logger, enrolmentPath: `${PANEL_PATH}/enrol` }),
    ...links.operations,
    ...releases.operations,
    ...history.operations,
    ...difficultyOperations({ service: difficulty, db: looseDb(database), clock }),
    ...dictionaryOperations({
      database,
      service: createDictionaryService(database, dictionaries),
      dictionaries,
      recheck,
      clock,
    }),
    ...contentOperations({ database, store, clock }),
    ...changeSetOperations({ database, clock }),
    ...healthOperations({ database, clock, difficulty }),
  ];
  const dispatch = createDispatch(operations, {
    requireAdmin: auth.requireAdmin,
    requireReleaseReader: auth.requireReleaseReader,
    db: looseDb(database),
    rateLimits,
    reserved: reservedPaths(),
  });
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
    handler: expressMount(dispatch, { prefix, logger, compress: compressWhenAccepted() }),
    call: inProcessApi(dispatch, { prefix }),
    operations,
    close: async () => {
      clearInterval(timer);
      await releases.close();
      recheck.stop();
      await recheck.done;
      registerWordFlagger(database, null);
      await dictionaries.close();
      await links.close();
      await rateLimits.close();
    },
  };
}
