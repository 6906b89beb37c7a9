import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { BUILD_DIR, ROOT, build } from './build.ts';

/**
 * `npm start`: production mode. Builds the client first when the build is missing or older than
 * its sources, then runs the server.
 */
process.env.NODE_ENV ??= 'production';

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const manifest = path.join(BUILD_DIR, 'manifest.json');
const stale =
  !existsSync(manifest) ||
  statSync(manifest).mtimeMs < Math.max(...['client', 'shared'].map((d) => newestSource(path.join(ROOT, d))));
if (stale) {
  console.log('Building the client (minified, content-hashed)…');
  await build({ production: true });
}
await import('../server/index.ts');
