import path from 'node:path';
import * as esbuild from 'esbuild';

/**
 * The production server: server/index.ts bundled into build/server/index.js, run by plain `node`
 * (no TypeScript compiler in the production process). Packages stay in node_modules, except
 * react-router: its package maps every condition to its development build, so the bundle takes the
 * production build by path.
 */
export async function buildServer(root: string): Promise<void> {
  await esbuild.build({
    absWorkingDir: root,
    // The worker threads' scripts (render-thread.ts, read-pool.ts, dictionary/checker.ts,
    // releases/draft-thread.ts) sit beside the server's.
    entryPoints: {
      index: 'server/index.ts',
      'render-worker': 'server/ssr/render-worker.tsx',
      'read-worker': 'server/db/read-worker.ts',
      'dictionary-worker': 'server/dictionary/worker.ts',
      'draft-worker': 'server/api/releases/draft-worker.ts',
    },
    outdir: path.join(root, 'build/server'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { 'react-router': './node_modules/react-router/dist/production/index.mjs' },
    jsx: 'automatic',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    // CommonJS packages bundled into ESM (react-router's production build) may call require().
    banner: {
      js: "import { createRequire as __argusRequire } from 'node:module'; const require = __argusRequire(import.meta.url);",
    },
  });
}
