import { rmSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

/**
 * The CLI as plain JavaScript: cli/run.ts bundled into build/cli/, with each command's action in a
 * chunk of its own (the lazy `import()`s stay lazy), so a call starts without compiling TypeScript
 * and loads only what its command needs. Packages stay in node_modules.
 */
export async function buildCli(root: string, outdir = path.join(root, 'build/cli')): Promise<void> {
  // Chunk names are content hashes: start empty so old ones never pile up.
  rmSync(outdir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['cli/run.ts'],
    outdir,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __argusRequire } from 'node:module'; const require = __argusRequire(import.meta.url);",
    },
  });
}
