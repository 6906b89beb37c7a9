import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Logical asset name (e.g. `app.css`) → public URL of its content-hashed file. */
export type AssetManifest = Record<string, string>;

export const MANIFEST_FILE = 'manifest.json';

export class MissingBuildError extends Error {}

/** Reads the manifest written by scripts/build.ts. */
export function readManifest(buildDir: string): AssetManifest {
  const file = path.join(buildDir, MANIFEST_FILE);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as AssetManifest;
  } catch {
    throw new MissingBuildError(
      `No client build at ${file}: run \`npm run build\` (npm start does it for you).`,
    );
  }
}

/**
 * In production the manifest is read once; in development it is re-read on every call so that the
 * esbuild watcher's new hashes are picked up without restarting the server.
 */
export function manifestSource(buildDir: string, cache: boolean): () => AssetManifest {
  if (!cache) return () => readManifest(buildDir);
  const manifest = readManifest(buildDir);
  return () => manifest;
}
