import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project folder (the one holding package.json): `build/` and the seed data are found from it,
 * whether this code runs from its sources (server/) or from the production bundle (build/server/).
 */
function findRoot(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

export const ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
