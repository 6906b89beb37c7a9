import { alphabet, generateWords, LANGUAGES, pick, prng } from './words.ts';

/** Row counts of the large data set: issue 11's volumes times `scale`. */
export interface Volumes {
  languages: number;
  stages: number;
  levels: number;
  users: number;
  userLevels: number;
  words: number;
  letterGroups: number;
  letterGroupWords: number;
  letterGroupLevels: number;
}

export const LINKS_PER_GROUP = 250;
export const GROUPS_PER_LEVEL = 2;
const LEVELS_PER_USER = 5;

export function volumes(scale: number): Volumes {
  const n = (base: number, min: number) => Math.max(min, Math.round(base * scale));
  const levels = n(10_000, 40);
  const letterGroups = n(20_000, 40);
  const users = n(1_000_000, 100);
  return {
    languages: LANGUAGES.length,
    stages: STAGES.length,
    levels,
    users,
    userLevels: Math.min(n(1_000_000, 100), users * Math.min(LEVELS_PER_USER, levels)),
    words: n(500_000, 1_000),
    letterGroups,
    letterGroupWords: letterGroups * LINKS_PER_GROUP,
    letterGroupLevels: levels * GROUPS_PER_LEVEL,
  };
}

/** A table's columns and a generator of its rows (values in column order; ids explicit). */
export interface TableRows {
  table: string;
  columns: string[];
  rows: () => Iterable<unknown[]>;
}

export const STAGES = Array.from({ length: 10 }, (_, i) => ({ number: i + 1, letterCount: i + 3 }));

const FIRST = split(
  'ana luis maria jose carlos sofia lucas emma noah olivia liam mia ben lea paul nina omar sara ivan olga ' +
    'pedro lucia diego elena hugo ines mateo julia leo marta adam eva jan anna max lena tom zoe finn ida',
);
const LAST = split(
  'smith garcia muller rossi silva kim nguyen novak ivanov martin brown lopez weber costa sato',
);
const CYRILLIC = split('наташа иван ольга дмитрий анна сергей мария павел');
const DOMAINS = split(
  'gmail.com gmail.com gmail.com yahoo.com outlook.com icloud.com mail.ru web.de argus.games example.org',
);
const HINTS = split('animals colours food travel music sport nature science history family');

function split(text: string): string[] {
  return text.split(' ');
}

const iso = (ms: number) => new Date(ms).toISOString();
const START = Date.UTC(2022, 0, 1);
const SPAN = Date.UTC(2025, 5, 1) - START;

/** Which language (1-based id) the i-th of `count` rows belongs to, by the languages' shares. */
function languageOf(i: number, count: number): number {
  let edge = 0;
  for (const [index, language] of LANGUAGES.entries()) {
    edge += language.share * count;
    if (i < edge) return index + 1;
  }
  return LANGUAGES.length;
}

export interface WordsByLanguage {
  /** Per language id - 1: its words, in id order. */
  lists: string[][];
  /** Id of the first word of each language. */
  firstIds: number[];
}

export function makeWords(total: number): WordsByLanguage {
  const lists = LANGUAGES.map((language, index) => {
    const count = Math.round(language.share * total) + (index === 0 ? total - shareSum(total) : 0);
    return generateWords(language.key, count, 1000 + index);
  });
  const firstIds: number[] = [];
  let next = 1;
  for (const list of lists) {
    firstIds.push(next);
    next += list.length;
  }
  return { lists, firstIds };
}

function shareSum(total: number): number {
  return LANGUAGES.reduce((sum, l) => sum + Math.round(l.share * total), 0);
}

/** Every table but the link tables of ids (those are made by SQL, see links.ts). */
export function contentTables(v: Volumes, words: WordsByLanguage): TableRows[] {
  return [
    {
      table: 'languages',
      columns: ['id', 'is_active', 'language'],
      rows: () => LANGUAGES.map((l, i) => [i + 1, true, l.name]),
    },
    {
      table: 'stages',
      columns: ['id', 'is_active', 'letters', 'letter_count', 'number'],
      rows: () => STAGES.map((s, i) => [i + 1, true, `${s.letterCount} letters`, s.letterCount, s.number]),
    },
    { table: 'words', columns: ['id', 'is_active', 'letters', 'language_id'], rows: () => wordRows(words) },
    {
      table: 'letter_groups',
      columns: ['id', 'is_active', 'letters', 'language_id', 'stage_id'],
      rows: () => letterGroupRows(v.letterGroups, words),
    },
    { table: 'levels', columns: LEVEL_COLUMNS, rows: () => levelRows(v.levels, words) },
    { table: 'users', columns: USER_COLUMNS, rows: () => userRows(v.users) },
    { table: 'user_levels', columns: USER_LEVEL_COLUMNS, rows: () => userLevelRows(v, words) },
  ];
}

function* wordRows({ lists, firstIds }: WordsByLanguage): Iterable<unknown[]> {
  const random = prng(7);
  for (const [index, list] of lists.entries()) {
    for (const [i, letters] of list.entries())
      yield [firstIds[index]! + i, random() > 0.05, letters, index + 1];
  }
}

/** Letter groups made of a word's letters, shuffled, cut or padded to the stage's length. */
function* letterGroupRows(count: number, { lists }: WordsByLanguage): Iterable<unknown[]> {
  const random = prng(11);
  const alphabets = lists.map(alphabet);
  const seen = new Set<string>();
  let id = 1;
  while (id <= count) {
    const language = languageOf(id - 1, count);
    const stage = STAGES[(id - 1) % STAGES.length]!;
    const letters = [...pick(random, lists[language - 1]!)].slice(0, stage.letterCount);
    while (letters.length < stage.letterCount) letters.push(pick(random, alphabets[language - 1]!));
    for (let i = letters.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [letters[i], letters[j]] = [letters[j]!, letters[i]!];
    }
    const key = `${language}|${stage.number}|${letters.join('')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    yield [id++, random() > 0.1, letters.join(''), language, stage.number];
  }
}

const LEVEL_COLUMNS = split(
  'id is_active number hint assignment time required_letter_flag required_letter required_letter_position ' +
    'check_condition is_chill stage_id language_id',
);

function* levelRows(count: number, { lists }: WordsByLanguage): Iterable<unknown[]> {
  const random = prng(13);
  for (let i = 0; i < count; i++) {
    const language = (i % LANGUAGES.length) + 1;
    const stage = (Math.floor(i / LANGUAGES.length) % STAGES.length) + 1;
    const number = Math.floor(i / (LANGUAGES.length * STAGES.length)) + 1;
    const words = 3 + Math.floor(random() * 20);
    const flagged = random() < 0.2;
    const position = flagged ? pick(random, ['first', 'last'] as const) : '';
    const hint =
      random() < 0.3
        ? null
        : `Find words about ${pick(random, HINTS)}, like "${pick(random, lists[language - 1]!)}"`;
    const condition = [`words::${words}`, ...(position === 'first' ? ['sameCharStart'] : [])];
    if (position === 'last') condition.push(random() < 0.5 ? 'endIsStart' : 'sameCharEnd');
    yield [
      i + 1,
      random() > 0.1,
      number,
      hint,
      `Find ${words} words`,
      pick(random, [30, 45, 60, 60, 90, 120]),
      flagged,
      position,
      position === 'last' ? 1 : 0,
      condition.join('::'),
      random() < 0.25,
      stage,
      language,
    ];
  }
}

const USER_COLUMNS = split(
  'id is_active email username avatar role diamonds coins valid_words invalid_words duplicate_words ' +
    'first_load apple_id google_id language_id is_two_fa max_level total_score previous_username ' +
    'created_at updated_at deleted_at',
);

/** Players: usernames like `ana1234` (the id makes them unique), e-mails, numbers spread out. */
function* userRows(count: number): Iterable<unknown[]> {
  const random = prng(17);
  for (let id = 1; id <= count; id++) {
    const language = random() < 0.05 ? null : languageOf(Math.floor(random() * 1000), 1000);
    const cyrillic = language === 4 && random() < 0.5;
    const first = cyrillic ? pick(random, CYRILLIC) : pick(random, FIRST);
    const last = pick(random, LAST);
    const shape = random();
    const username = shape < 0.7 ? `${first}${id}` : shape < 0.9 ? `${first}.${last}${id}` : `${last}${id}`;
    const email = `${cyrillic ? 'user' : first}.${last}${Math.floor(random() * 100)}@${pick(random, DOMAINS)}`;
    const created = START + Math.floor((SPAN * id) / (count + 1));
    const valid = Math.floor(random() * 5000);
    yield [
      id,
      random() > 0.05,
      email,
      username,
      random() < 0.3 ? `avatar-${Math.floor(random() * 50)}.png` : '',
      'common',
      Math.floor(random() * 500),
      Math.floor(random() * 10_000),
      valid,
      Math.floor(valid * random() * 0.3),
      Math.floor(valid * random() * 0.1),
      random() < 0.3,
      random() < 0.2 ? `001${Math.floor(random() * 1e6)}.${id.toString(16)}.0420` : '',
      random() < 0.25 ? String(100_000_000_000 + Math.floor(random() * 1e11)) : '',
      language,
      false,
      Math.floor(random() * 500),
      Math.floor(random() * 1_000_000),
      random() < 0.05 ? `${pick(random, FIRST)}${Math.floor(random() * 10_000)}` : '',
      iso(created),
      iso(created + Math.floor(random() * (START + SPAN - created))),
      random() < 0.02 ? iso(START + SPAN) : null,
    ];
  }
}

const USER_LEVEL_COLUMNS = split(
  'id completed locked valid_words invalid_words duplicate_words words_per_second highest_score ' +
    'most_valuable_word_entered level_id user_id',
);

/** Some players played a few levels each; scores spread so `highestScore = 1234` finds a handful. */
function* userLevelRows(v: Volumes, { lists }: WordsByLanguage): Iterable<unknown[]> {
  const random = prng(19);
  const perUser = Math.min(LEVELS_PER_USER, v.levels);
  const players = Math.ceil(v.userLevels / perUser);
  const userStride = coprimeStride(v.users, 7919);
  const levelStride = coprimeStride(v.levels, 997);
  let id = 1;
  for (let u = 0; u < players && id <= v.userLevels; u++) {
    const userId = 1 + ((u * userStride) % v.users);
    for (let j = 0; j < perUser && id <= v.userLevels; j++) {
      const levelId = 1 + ((u * 31 + j * levelStride) % v.levels);
      const valid = Math.floor(random() * 200);
      yield [
        id++,
        random() < 0.6,
        random() < 0.2,
        valid,
        Math.floor(random() * 50),
        Math.floor(random() * 20),
        Math.round(random() * 300) / 100,
        Math.floor(random() * 50_000),
        random() < 0.8 ? pick(random, lists[(levelId - 1) % lists.length]!) : '',
        levelId,
        userId,
      ];
    }
  }
}

/** The smallest stride ≥ `from` with no factor in common with `n`: i·stride mod n visits every value. */
export function coprimeStride(n: number, from: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let stride = from;
  while (gcd(stride, n) !== 1) stride++;
  return stride;
}
