import type { TestProject } from 'vitest/node';
import { build } from '../../scripts/build.ts';
import { checkServices, type Services } from './services.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Whether PostgreSQL and Redis answered (tests/helpers/services.ts reads it). */
    services: Services;
  }
}

/**
 * Tests render real pages, so they need a real client build (a production one, as users get); the
 * database and cache suites need PostgreSQL and Redis, asked for once here.
 */
export default async function setup(project: TestProject) {
  project.provide('services', await checkServices());
  await build({ production: true });
}
