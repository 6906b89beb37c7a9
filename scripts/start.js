// `npm start`: production mode on plain Node. Builds first when the build is missing or older than
// its sources (a fresh clone, a pull), then runs the bundled server in THIS process, so the
// signals a process manager sends (SIGTERM, SIGINT) reach the server directly.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

process.env.NODE_ENV ??= 'production';
const root = fileURLToPath(new URL('..', import.meta.url));
const built = [
  'build/manifest.json',
  'build/server/index.js',
  'build/server/render-worker.js',
  'build/server/read-worker.js',
  'build/server/draft-worker.js',
].map((file) => path.join(root, file));

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const sources = Math.max(...['client', 'shared', 'server'].map((dir) => newestSource(path.join(root, dir))));
const stale = built.some((file) => !existsSync(file) || statSync(file).mtimeMs < sources);
if (stale) {
  console.log('Building the client and the server (minified, content-hashed)…');
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(path.join(root, 'build/server/index.js'));
