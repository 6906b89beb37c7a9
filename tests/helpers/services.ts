import { inject } from 'vitest';

export { TEST_POSTGRES_URL, TEST_REDIS_URL } from '../setup/services.ts';

/** Whether PostgreSQL and Redis answered at the start of the run (tests/setup/global-setup.ts). */
const services = inject('services');

/** PostgreSQL answered: its suites run (outside CI they are skipped, loudly, when it did not). */
export const POSTGRES = services.postgres;
/** Redis answered: its suites run (outside CI they are skipped, loudly, when it did not). */
export const REDIS = services.redis;
