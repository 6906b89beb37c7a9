import { createHash } from 'node:crypto';
import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { buildCli } from './build-cli.ts';
import { buildServer } from './build-server.ts';

/**
 * Client build: minified, content-hashed assets in build/public/assets and build/manifest.json
 * (logical name → URL) that the server reads. `--watch` rebuilds on change (npm run dev).
 */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BUILD_DIR = path.join(ROOT, 'build');
const ASSETS_DIR = path.join(BUILD_DIR, 'public', 'assets');

const options = (production: boolean): esbuild.BuildOptions => ({
  absWorkingDir: ROOT,
  entryPoints: { entry: 'client/entry.tsx', app: 'client/styles/app.css' },
  outdir: ASSETS_DIR,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[name]-[hash]',
  assetNames: '[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022', 'chrome111', 'firefox115', 'safari16'],
  jsx: 'automatic',
  minify: production,
  sourcemap: production ? false : 'linked',
  metafile: true,
  define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
  legalComments: 'linked',
  logLevel: 'warning',
  plugins: [manifestPlugin()],
});

/** Writes build/manifest.json after every (re)build. */
function manifestPlugin(): esbuild.Plugin {
  return {
    name: 'manifest',
    setup(build) {
      build.onEnd((result) => {
        if (!result.metafile) return;
        const manifest: Record<string, string> = {};
        for (const [file, output] of Object.entries(result.metafile.outputs)) {
          if (!output.entryPoint || file.endsWith('.map')) continue;
          const logical = path.basename(output.entryPoint).replace(/\.tsx?$/, '.js');
          manifest[logical] = '/assets/' + path.basename(file);
        }
        manifest['favicon.svg'] = copyHashed('client/static/favicon.svg');
        // Atomic swap: a server or test reading the manifest never sees a half-written file.
        const target = path.join(BUILD_DIR, 'manifest.json');
        writeFileSync(`${target}.${process.pid}.tmp`, JSON.stringify(manifest, null, 2));
        renameSync(`${target}.${process.pid}.tmp`, target);
        const outputs = Object.keys(result.metafile.outputs).map((file) => path.basename(file));
        pruneOldAssets(new Set([...outputs, path.basename(manifest['favicon.svg'])]));
      });
    },
  };
}

function copyHashed(relative: string): string {
  const source = path.join(ROOT, relative);
  const hash = createHash('sha256').update(readFileSync(source)).digest('hex').slice(0, 8).toUpperCase();
  const { name, ext } = path.parse(source);
  const target = `${name}-${hash}${ext}`;
  copyFileSync(source, path.join(ASSETS_DIR, target));
  return '/assets/' + target;
}

/**
 * Assets are content-hashed, so a rebuild adds files beside the old ones instead of deleting the
 * folder under a running server; files of earlier builds are removed once they are an hour old.
 */
function pruneOldAssets(current: Set<string>) {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of readdirSync(ASSETS_DIR)) {
    const file = path.join(ASSETS_DIR, name);
    if (!current.has(name) && statSync(file).mtimeMs < hourAgo) rmSync(file, { force: true });
  }
}

export async function build({ production = true } = {}): Promise<void> {
  mkdirSync(ASSETS_DIR, { recursive: true });
  await Promise.all([esbuild.build(options(production)), buildServer(ROOT), buildCli(ROOT)]);
}

export async function watch(): Promise<esbuild.BuildContext> {
  mkdirSync(ASSETS_DIR, { recursive: true });
  const context = await esbuild.context(options(false));
  await context.watch();
  return context;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await build({ production: !process.argv.includes('--dev') });
  console.log(`Client and server built into build/ in ${Math.round(performance.now() - started)} ms`);
}
