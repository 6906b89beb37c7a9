/**
 * Deactivates the active words of a language that no active letter group of that language can build
 * (each letter of a group used at most as often as the group has it, as `links build` matches).
 *
 *   argus-words run examples/scripts/deactivate-unbuildable-words.ts -- --language 1
 *   argus-words run examples/scripts/deactivate-unbuildable-words.ts --no-dry-run -- --language 1
 *
 * Safe to re-run: a second run finds nothing left to deactivate.
 */
import { parseArgs } from 'node:util';
import { createWordMatcher } from '#shared/words.ts';
import { defineScript } from 'argus-words/script';

/** Ids per bulk request: each request is one transaction on the server. */
const CHUNK = 1000;

export default defineScript(async ({ api, args, log, progress }) => {
  const { values } = parseArgs({
    args,
    options: { language: { type: 'string' }, 'reuse-letters': { type: 'boolean' } },
  });
  const languageId = Number(values.language);
  if (!Number.isInteger(languageId) || languageId < 1) throw new Error('Give --language ID');

  const words: Array<{ id: number; letters: string }> = [];
  for await (const word of api.words.exportAll({ filters: { languageId, isActive: true } })) words.push(word);
  const groups: string[] = [];
  for await (const group of api.letterGroups.exportAll({ filters: { languageId, isActive: true } }))
    groups.push(group.letters);
  log(`${words.length} active words and ${groups.length} active letter groups in language ${languageId}.`);

  const matcher = createWordMatcher(
    words.map((w) => w.letters),
    { reuseLetters: values['reuse-letters'] === true },
  );
  const buildable = new Set(groups.flatMap((letters) => matcher.buildableFrom(letters)));
  const unbuildable = words.filter((w) => !buildable.has(w.letters)).map((w) => w.id);
  log(`${unbuildable.length} of them no letter group can build.`);

  const bar = progress('Deactivating', unbuildable.length, 'words');
  for (let at = 0; at < unbuildable.length; at += CHUNK) {
    const ids = unbuildable.slice(at, at + CHUNK);
    await api.words.bulkUpdate({ ids, set: { isActive: false } });
    bar.increment(ids.length);
  }
  bar.finish();
  return { deactivated: unbuildable.length };
});
