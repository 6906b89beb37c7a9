import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * `npm run test:reliability`: the fault, soak and attack suites at full length (real faults, real
 * load, loopback only). `npm test` runs the same files as a short slice: each suite reads its
 * durations and counts from `tests/reliability/scale.ts`. (Not mergeConfig: it would append the
 * include list to the whole suite's.)
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['tests/reliability/**/*.test.ts'],
    env: { RELIABILITY_SCALE: 'full' },
    testTimeout: 15 * 60_000,
    hookTimeout: 5 * 60_000,
    maxWorkers: 1,
  },
});
