#!/usr/bin/env node
// Runs the compiled CLI (build/cli, made by `npm run build` and at `npm ci`). A checkout whose
// sources are newer than that build (being edited) runs the TypeScript sources through tsx instead.
import { existsSync, readdirSync, statSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const compiled = new URL('build/cli/run.js', root);

function newestSource() {
  let newest = 0;
  for (const dir of ['cli', 'shared']) {
    for (const entry of readdirSync(new URL(dir, root), { withFileTypes: true, recursive: true })) {
      if (entry.isFile()) newest = Math.max(newest, statSync(`${entry.parentPath}/${entry.name}`).mtimeMs);
    }
  }
  return newest;
}

if (existsSync(compiled) && statSync(compiled).mtimeMs >= newestSource()) {
  await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  const { run } = await import('./main.ts');
  process.exitCode = await run(process.argv);
}
