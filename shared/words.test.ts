import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_WORD_LETTERS,
  createWordMatcher,
  groupLetters,
  letterCount,
  letterSignature,
  normalizeWord,
  parseWord,
  splitLetters,
} from './words.ts';

describe('normalizeWord', () => {
  it.each([
    ['stop', 'stop'],
    ['  Stop\t', 'stop'],
    ['CAFÉ', 'café'],
    ['cafe\u0301', 'café'], // decomposed é becomes the single NFC letter
    ['Niño', 'niño'],
    ['İstanbul', 'i\u0307stanbul'], // lower casing decomposes İ; the dot stays as a combining mark
    ['नमस्ते', 'नमस्ते'], // Devanagari vowel signs are marks attached to letters
    ['a'.repeat(MAX_WORD_LETTERS), 'a'.repeat(MAX_WORD_LETTERS)],
  ])('%j → %j', (raw, word) => {
    expect(normalizeWord(raw)).toEqual({ ok: true, word });
  });

  it('returns NFC', () => {
    const result = normalizeWord('E\u0301TE\u0301');
    expect(result).toEqual({ ok: true, word: 'été' });
    expect(result?.ok && result.word.length).toBe(3);
  });

  // The dictionary thread skips a word it has answered as written (server/dictionary/worker.ts):
  // a stored word must parse to itself.
  it('gives a word that parses to itself (any text, any script)', () => {
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.string({
        unit: fc.constantFrom('A', 'ß', 'İ', 'Σ', 'ς', 'ǅ', 'E\u0301', 'ﬁ', 'Ⅻ', 'ж', ' '),
        maxLength: 8,
      }),
    );
    fc.assert(
      fc.property(text, (raw) => {
        const first = parseWord(raw);
        if (first.ok) expect(parseWord(first.word)).toEqual(first);
      }),
      { numRuns: 2000 },
    );
  });

  it.each(['', '   ', '\t', '# a comment', '  #also skipped'])('skips %j', (raw) => {
    expect(normalizeWord(raw)).toBeNull();
  });

  it.each([
    ['new york', 'contains a space: one word per line'],
    ['abc1', 'contains a digit: only letters are allowed'],
    ["don't", 'contains "\'" (U+0027): only letters are allowed'],
    ['e-mail', 'contains "-" (U+002D): only letters are allowed'],
    ['stop!', 'contains "!" (U+0021): only letters are allowed'],
    ['\u0301abc', 'starts with a combining mark instead of a letter'],
    ['a'.repeat(MAX_WORD_LETTERS + 1), `is 65 letters long; at most ${MAX_WORD_LETTERS} are allowed`],
  ])('rejects %j', (raw, reason) => {
    expect(normalizeWord(raw)).toEqual({ ok: false, reason });
  });
});

describe('letters', () => {
  it('splits into letters, keeping combining marks with their letter', () => {
    expect(splitLetters('niño')).toEqual(['n', 'i', 'ñ', 'o']);
    expect(splitLetters('i\u0307s')).toEqual(['i\u0307', 's']);
    expect(letterCount('canción')).toBe(7);
  });

  it('counts letters in a signature', () => {
    expect(letterSignature('balloon')).toEqual(
      new Map([
        ['b', 1],
        ['a', 1],
        ['l', 2],
        ['o', 2],
        ['n', 1],
      ]),
    );
    expect(letterSignature('')).toEqual(new Map());
  });

  it('reads group letters tolerantly', () => {
    expect(groupLetters('P, T, O a s')).toEqual(['p', 't', 'o', 'a', 's']);
  });
});

describe('createWordMatcher', () => {
  const english = [
    'stop', 'post', 'spot', 'pots', 'tops', 'opts', 'oats', 'taps', 'past', 'pats', 'atop', 'stoa', 'pasto',
    'spat', 'soap', 'pat', 'tap', 'pot', 'top', 'sap', 'toast', 'stoop', 'pass', 'boat', 'apostle', 'taco',
  ]; // prettier-ignore

  it('builds each letter at most as often as the group has it', () => {
    expect(createWordMatcher(english).buildableFrom('ptoas')).toEqual([
      'stop', 'post', 'spot', 'pots', 'tops', 'opts', 'oats', 'taps', 'past', 'pats', 'atop', 'stoa', 'pasto',
      'spat', 'soap', 'pat', 'tap', 'pot', 'top', 'sap',
    ]); // prettier-ignore
  });

  it('lets letters repeat with reuseLetters', () => {
    const built = createWordMatcher(english, { reuseLetters: true }).buildableFrom('ptoas');
    expect(built).toEqual(expect.arrayContaining(['toast', 'stoop', 'pass', 'pasto']));
    expect(built).not.toContain('boat');
    expect(built).not.toContain('apostle');
    expect(built).toHaveLength(23);
  });

  it('counts repeated letters', () => {
    const matcher = createWordMatcher([
      'ball',
      'llano',
      'loon',
      'balloons',
      'lollo',
      'noon',
      'boa',
      'balloon',
    ]);
    expect(matcher.buildableFrom('balloon')).toEqual(['ball', 'llano', 'loon', 'boa', 'balloon']);
  });

  it('treats accented letters as letters of their own', () => {
    const spanish = ['canción', 'cancion', 'acción', 'nación', 'canon', 'caña', 'cocina', 'cancán'];
    expect(createWordMatcher(spanish).buildableFrom('CANCIÓN')).toEqual(['canción', 'acción', 'nación']);
    const nino = ['niño', 'nino', 'ñoño', 'ion', 'año'];
    expect(createWordMatcher(nino).buildableFrom('niño')).toEqual(['niño', 'ion']);
    expect(createWordMatcher(nino, { reuseLetters: true }).buildableFrom('niño')).toEqual([
      'niño',
      'nino',
      'ñoño',
      'ion',
    ]);
  });

  it('builds nothing from an empty group and ignores letters the dictionary lacks', () => {
    expect(createWordMatcher(english).buildableFrom('')).toEqual([]);
    expect(createWordMatcher(english).buildableFrom('xyzpot')).toEqual(['pot', 'top']);
  });

  it('agrees with a naive count comparison on random words (many non-ASCII letters)', () => {
    const letter = fc.constantFrom('a', 'b', 'e', 'o', 's', 't', 'é', 'ñ', 'ö', 'ß', 'ж', 'λ', 'ç', 'ø');
    const word = fc.array(letter, { minLength: 1, maxLength: 8 }).map((l) => l.join(''));
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 60 }),
        word,
        fc.boolean(),
        fc.boolean(),
        (words, group, reuseLetters, indexed) => {
          const naive = words.filter((w) =>
            [...letterSignature(w)].every(([l, n]) => {
              const have = letterSignature(group).get(l) ?? 0;
              return reuseLetters ? have > 0 : have >= n;
            }),
          );
          expect(createWordMatcher(words, { reuseLetters, indexed }).buildableFrom(group)).toEqual(naive);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds the same words, in the same order, through the index by letters (and past its limit)', () => {
    const indexed = createWordMatcher([...english, 'pots', 'ta'], { indexed: true });
    const scan = createWordMatcher([...english, 'pots', 'ta']);
    for (const group of ['ptoas', 'ptoasstoo', 'xyzpot', '', 'abcdefghijklmnopst', 'éptoa']) {
      expect(indexed.buildableFrom(group)).toEqual(scan.buildableFrom(group));
    }
    expect(indexed.buildableFrom('ptoas')).toContain('pots');
  });

  it('matches groups against 100,000 words', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = 'abcdefghijklmnopqrstuvwxyzéñ';
    const words = Array.from({ length: 100_000 }, () =>
      Array.from({ length: 3 + Math.floor(random() * 7) }, () => alphabet[Math.floor(random() * 28)]).join(
        '',
      ),
    );
    const matcher = createWordMatcher(words);
    let found = 0;
    for (const group of ['aerstlin', 'ptoasmer', 'eiouñsnt', 'bcdfghea', 'zyxwvaei']) {
      found += matcher.buildableFrom(group).length;
    }
    expect(found).toBeGreaterThan(0);
  });
});
