/**
 * Rebuilds server/seed/data/english-words.txt from Debian's `wamerican` list (see data/README.md):
 *
 *   npx tsx server/seed/build-english-words.ts [/usr/share/dict/american-english]
 *
 * Keeps lower-case a–z words of 3 to 9 letters (no proper nouns, no possessives) that a player can
 * build from at least one English demo letter group, minus the exclusions below. Deterministic:
 * the same list and letter groups give the same file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createWordMatcher } from '#shared/words.ts';
import { allGroupSources } from './content.ts';

/**
 * Left out of the demo: abbreviations and technical tokens that the spell-checker list carries
 * but a word game would not accept, and vulgar or sexual words a demo should not show.
 */
const EXCLUDED = new Set(
  `amt alt alts ani chapt cis clipt cont curst dpi eds esp est etc grep hep hes hos hrs inc incs ind
  int intel ioctl lept masc meh mph natl neg pct pis pol pols pron recd resp rpm rps rte stdio tsp treas
  tron trons tel tho mes ems emo emos gen gens sec cal col cols mil mils nos nite nites situ sorta ohs
  admin admins med spec pres sim trueing recta septa
  anus clit clits coital crap craps damn damns erotic erotica erotics fart farts incest penis porn rape
  raped rapes rapine rapist rectal scrota shat smut sperm`.split(/\s+/),
);

export function selectEnglishWords(dictionary: string): string[] {
  const candidates = dictionary
    .split('\n')
    .map((line) => line.trim())
    .filter((word) => /^[a-z]{3,9}$/.test(word) && !EXCLUDED.has(word));
  const matcher = createWordMatcher(candidates);
  const kept = new Set(allGroupSources('en').flatMap((group) => matcher.buildableFrom(group)));
  return candidates.filter((word) => kept.has(word)).sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const source = process.argv[2] ?? '/usr/share/dict/american-english';
  const words = selectEnglishWords(readFileSync(source, 'utf8'));
  const header = [
    '# English words for the demo content, selected from Debian wamerican (SCOWL); see README.md',
    '# and LICENSE-wamerican.txt. Rebuild: npx tsx server/seed/build-english-words.ts',
  ];
  const target = fileURLToPath(new URL('./data/english-words.txt', import.meta.url));
  writeFileSync(target, [...header, ...words, ''].join('\n'));
  process.stdout.write(`Wrote ${words.length} words to ${target}\n`);
}
