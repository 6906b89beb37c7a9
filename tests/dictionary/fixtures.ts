import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const load = createRequire(import.meta.url);

/**
 * A word from the bundled offensive list of `code` (npm naughty-words): the first single word of
 * plain letters, so no test file spells one out.
 */
export function listedOffensiveWord(code: 'en' | 'es'): string {
  const list = load(`naughty-words/${code}.json`) as string[];
  const found = list.find((w) => /^[a-zñáéíóú]{4,}$/.test(w));
  if (!found) throw new Error(`no plain word on the ${code} list`);
  return found;
}

/** A folder holding a small Hunspell pair that knows exactly `words` (one may be "Name" only). */
export function folderDictionary(base: string, words: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'argus-dict-'));
  writeFileSync(path.join(dir, `${base}.aff`), 'SET UTF-8\nTRY esianrtolcdugmphbyfvkwzxjq\n');
  writeFileSync(path.join(dir, `${base}.dic`), `${words.length}\n${words.join('\n')}\n`);
  return dir;
}
