import { Redis } from 'ioredis';
import pg from 'pg';

/** PostgreSQL of this machine (trust auth, database `test`); override with TEST_DATABASE_URL. */
export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Redis of this machine; override with TEST_REDIS_URL. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Which of the shared services the suites need answer (asked once per run, by the global setup). */
export interface Services {
  postgres: boolean;
  redis: boolean;
}

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/**
 * Asks PostgreSQL and Redis. Outside CI a missing one skips the suites that need it, with one loud
 * line (as the browser suites do without Chromium); with `CI=true` it fails the run.
 */
export async function checkServices(): Promise<Services> {
  const [postgres, redis] = await Promise.all([postgresAnswers(), redisAnswers()]);
  const missing = [
    ...(postgres ? [] : [`PostgreSQL (${TEST_POSTGRES_URL})`]),
    ...(redis ? [] : [`Redis (${TEST_REDIS_URL})`]),
  ];
  if (missing.length > 0) {
    const how =
      'Start them with `docker compose up -d` (compose.yaml) or point TEST_DATABASE_URL / TEST_REDIS_URL at yours.';
    if (process.env.CI === 'true') throw new Error(`${missing.join(' and ')} did not answer. ${how}`);
    process.stderr.write(
      `\n⚠ TESTS SKIPPED: ${missing.join(' and ')} did not answer; the suites that need them are skipped. ${how}\n\n`,
    );
  }
  return { postgres, redis };
}
