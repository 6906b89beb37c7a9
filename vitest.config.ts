import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{server,client,shared,cli,scripts,tests}/**/*.test.{ts,tsx}'],
    globalSetup: ['tests/setup/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Browser and database suites are heavy; two cores are all the machine has.
    maxWorkers: 2,
  },
});
