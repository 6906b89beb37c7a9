import { describe, expect, it } from 'vitest';
import {
  EMPTY_CHECK_CONDITION_INPUTS,
  canonicalCheckConditionInputs,
  composeCheckCondition,
  describeCheckCondition,
  parseCheckCondition,
  type CheckConditionInputs,
  type RequiredLetter,
} from './check-condition.ts';

/** Every combination of the form's helper inputs (2 × 2 × 3 × 2 × 2 × 2 = 96). */
function everyCombination(): CheckConditionInputs[] {
  const all: CheckConditionInputs[] = [];
  for (const numberOfWords of [0, 7])
    for (const requiredLetterFlag of [false, true])
      for (const requiredLetter of ['first', 'last', ''] as RequiredLetter[])
        for (const endIsStart of [false, true])
          for (const numberOfLetters of [0, 5])
            for (const lettersAtLeast of [false, true])
              all.push({
                numberOfWords,
                requiredLetterFlag,
                requiredLetter,
                endIsStart,
                numberOfLetters,
                lettersAtLeast,
              });
  return all;
}

/** SPEC §5 read literally, part by part, to check the implementation against. */
function expectedCondition(x: CheckConditionInputs): string {
  const parts: string[] = [];
  if (x.numberOfWords > 0) parts.push(`words::${x.numberOfWords}`);
  if (x.requiredLetterFlag && x.requiredLetter === 'first') parts.push('sameCharStart');
  if (x.requiredLetterFlag && x.requiredLetter === 'last')
    parts.push(x.endIsStart ? 'endIsStart' : 'sameCharEnd');
  if (x.numberOfLetters > 0 && !x.requiredLetterFlag) {
    parts.push(`letters::${x.numberOfLetters}${x.lettersAtLeast ? '+' : ''}`);
  }
  return parts.join('::');
}

const inputs = (partial: Partial<CheckConditionInputs>): CheckConditionInputs => ({
  ...EMPTY_CHECK_CONDITION_INPUTS,
  ...partial,
});

describe('composeCheckCondition', () => {
  it.each(everyCombination().map((x) => [JSON.stringify(x), x] as const))('%s', (_name, x) => {
    expect(composeCheckCondition(x)).toBe(expectedCondition(x));
  });

  it('covers all 96 combinations and produces every kind of condition', () => {
    const all = everyCombination();
    expect(all).toHaveLength(96);
    expect(new Set(all.map(composeCheckCondition))).toEqual(
      new Set([
        '',
        'letters::5',
        'letters::5+',
        'sameCharStart',
        'sameCharEnd',
        'endIsStart',
        'words::7',
        'words::7::letters::5',
        'words::7::letters::5+',
        'words::7::sameCharStart',
        'words::7::sameCharEnd',
        'words::7::endIsStart',
      ]),
    );
  });

  it('writes the examples of the spec', () => {
    expect(
      composeCheckCondition(inputs({ numberOfWords: 10, requiredLetterFlag: true, requiredLetter: 'first' })),
    ).toBe('words::10::sameCharStart');
    expect(
      composeCheckCondition(inputs({ numberOfWords: 3, numberOfLetters: 6, lettersAtLeast: true })),
    ).toBe('words::3::letters::6+');
    expect(composeCheckCondition(EMPTY_CHECK_CONDITION_INPUTS)).toBe('');
  });

  it('truncates fractions and ignores negative or non-finite counts', () => {
    expect(composeCheckCondition(inputs({ numberOfWords: 4.9, numberOfLetters: -3 }))).toBe('words::4');
    expect(composeCheckCondition(inputs({ numberOfWords: Number.NaN, numberOfLetters: Infinity }))).toBe('');
  });
});

describe('parseCheckCondition', () => {
  it.each(everyCombination().map((x) => [composeCheckCondition(x) || '(empty)', x] as const))(
    'round-trips %s',
    (_name, x) => {
      const condition = composeCheckCondition(x);
      const parsed = parseCheckCondition(condition);
      expect(parsed.unknown).toEqual([]);
      expect(composeCheckCondition(parsed.inputs)).toBe(condition);
      expect(parsed.inputs).toEqual(canonicalCheckConditionInputs(x));
    },
  );

  it('gives the inputs the form shows', () => {
    expect(parseCheckCondition('words::10::endIsStart').inputs).toEqual(
      inputs({ numberOfWords: 10, requiredLetterFlag: true, requiredLetter: 'last', endIsStart: true }),
    );
    expect(parseCheckCondition('letters::6+').inputs).toEqual(
      inputs({ numberOfLetters: 6, lettersAtLeast: true }),
    );
    expect(parseCheckCondition('sameCharEnd').inputs).toEqual(
      inputs({ requiredLetterFlag: true, requiredLetter: 'last' }),
    );
  });

  it('keeps only what compose would use in the canonical inputs', () => {
    const x = inputs({ endIsStart: true, requiredLetter: 'first', numberOfLetters: 4, lettersAtLeast: true });
    expect(canonicalCheckConditionInputs(x)).toEqual(inputs({ numberOfLetters: 4, lettersAtLeast: true }));
  });

  it('tolerates whitespace, keyword case, empty parts and any order', () => {
    const parsed = parseCheckCondition('  LETTERS :: 5 + ::  sameCharstart ::::words::  12 ::');
    // letters cannot go with a required letter (the form would drop it), so it is reported.
    expect(parsed.unknown).toEqual(['LETTERS::5 +']);
    expect(parsed.inputs).toEqual(
      inputs({ numberOfWords: 12, requiredLetterFlag: true, requiredLetter: 'first' }),
    );
    expect(parseCheckCondition(' letters::6 :: words::2 ').inputs).toEqual(
      inputs({ numberOfWords: 2, numberOfLetters: 6 }),
    );
  });

  it.each([
    ['words', ['words']],
    ['words::', ['words']],
    ['words::abc', ['words::abc']],
    ['words::0', ['words::0']],
    ['words::-3', ['words::-3']],
    ['words::2.5', ['words::2.5']],
    ['words::5+', ['words::5+']],
    ['letters::0', ['letters::0']],
    ['letters::x+', ['letters::x+']],
    ['words::sameCharStart', ['words']],
    ['foo', ['foo']],
    ['sameCharStart::bar::baz', ['bar', 'baz']],
    ['words::3::words::4', ['words::4']],
    ['sameCharStart::sameCharEnd', ['sameCharEnd']],
    ['endIsStart::sameCharStart', ['sameCharStart']],
    ['sameCharEnd::letters::4', ['letters::4']],
    ['letters::3::letters::4+', ['letters::4+']],
    ['words:5', ['words:5']],
    ['words::1234567', ['words::1234567']],
  ])('reports what it cannot use in %j', (condition, unknown) => {
    expect(parseCheckCondition(condition).unknown).toEqual(unknown);
  });

  it('still returns the understood parts of a malformed condition', () => {
    const parsed = parseCheckCondition('words::8::nonsense::sameCharStart');
    expect(parsed.unknown).toEqual(['nonsense']);
    expect(parsed.parts).toEqual([{ kind: 'words', count: 8 }, { kind: 'sameCharStart' }]);
    expect(composeCheckCondition(parsed.inputs)).toBe('words::8::sameCharStart');
  });

  it('understands the empty condition', () => {
    expect(parseCheckCondition('')).toEqual({ inputs: EMPTY_CHECK_CONDITION_INPUTS, parts: [], unknown: [] });
    expect(parseCheckCondition('  ::  ').unknown).toEqual([]);
  });
});

describe('describeCheckCondition', () => {
  it.each([
    ['words::10::sameCharStart', 'at least 10 words; each starts with the same letter'],
    ['words::1::sameCharEnd', 'at least 1 word; each ends with the same letter'],
    ['words::6::endIsStart', 'at least 6 words; each starts with the last letter of the word before it'],
    ['words::5::letters::6+', 'at least 5 words; each has at least 6 letters'],
    ['letters::1', 'any number of words; each has exactly 1 letter'],
    ['', 'no condition: any valid word counts'],
    ['words::4::oops', 'at least 4 words; not understood: "oops"'],
  ])('%j', (condition, sentence) => {
    expect(describeCheckCondition(condition)).toBe(sentence);
  });
});
