import { describe, expect, it } from 'vitest';
import { parseCheckCondition } from './check-condition.ts';
import {
  CHAIN_SEARCH_BUDGET,
  checkSatisfiable,
  longestChain,
  requiredWordCount,
  wordSatisfies,
} from './check-condition-words.ts';

const parts = (condition: string) => parseCheckCondition(condition).parts;

describe('wordSatisfies', () => {
  it('checks letters::n exactly and letters::n+ as a minimum', () => {
    expect(wordSatisfies('stop', parts('letters::4'))).toBe(true);
    expect(wordSatisfies('pasto', parts('letters::4'))).toBe(false);
    expect(wordSatisfies('pasto', parts('letters::4+'))).toBe(true);
    expect(wordSatisfies('pot', parts('words::3::letters::4+'))).toBe(false);
    expect(wordSatisfies('niño', parts('letters::4'))).toBe(true);
  });

  it('checks the required letter when it is known', () => {
    expect(wordSatisfies('stop', parts('sameCharStart'), { requiredLetter: 's' })).toBe(true);
    expect(wordSatisfies('tops', parts('sameCharStart'), { requiredLetter: 's' })).toBe(false);
    expect(wordSatisfies('tops', parts('sameCharEnd'), { requiredLetter: 's' })).toBe(true);
    expect(wordSatisfies('tops', parts('sameCharStart'))).toBe(true);
  });

  it('puts no single-word constraint for words::n and endIsStart', () => {
    expect(wordSatisfies('a', parts('words::9::endIsStart'))).toBe(true);
  });
});

describe('checkSatisfiable', () => {
  const buildable = ['stop', 'post', 'spot', 'pots', 'tops', 'opts', 'pasto', 'pat', 'tap', 'sap'];

  it('needs one word without words::n', () => {
    expect(requiredWordCount(parts('letters::5'))).toBe(1);
    expect(checkSatisfiable(buildable, 'letters::5')).toEqual({
      satisfiable: true,
      required: 1,
      available: 1,
      exact: true,
    });
    expect(checkSatisfiable(buildable, 'letters::6').satisfiable).toBe(false);
  });

  it('counts the words meeting the letters rule (words::10 with too few long words)', () => {
    const result = checkSatisfiable(buildable, 'words::10::letters::4+');
    expect(result).toMatchObject({ satisfiable: false, required: 10, available: 7 });
    expect(checkSatisfiable(buildable, 'words::7::letters::4+').satisfiable).toBe(true);
    expect(checkSatisfiable([...buildable, 'stop'], 'words::11').available).toBe(10); // duplicates count once
  });

  it('finds the largest set sharing the first or last letter', () => {
    // starting with p: post, pots, pasto, pat → 4; with s: stop, spot, sap → 3
    expect(checkSatisfiable(buildable, 'words::4::sameCharStart')).toMatchObject({
      satisfiable: true,
      available: 4,
    });
    expect(checkSatisfiable(buildable, 'words::5::sameCharStart').satisfiable).toBe(false);
    expect(checkSatisfiable(buildable, 'words::5::sameCharStart', { requiredLetter: 's' }).available).toBe(3);
    // ending with s: pots, tops, opts; with p: stop, tap, sap; with t: post, spot, pat → 3 at most
    expect(checkSatisfiable(buildable, 'words::4::sameCharEnd')).toMatchObject({
      satisfiable: false,
      available: 3,
    });
    expect(checkSatisfiable(buildable, 'words::3::sameCharEnd', { requiredLetter: 'p' }).satisfiable).toBe(
      true,
    );
    expect(checkSatisfiable(buildable, 'sameCharStart', { requiredLetter: 'z' }).satisfiable).toBe(false);
  });

  it('finds chains for endIsStart', () => {
    // pat → tap → pots → stop → post → tops → sap …
    expect(checkSatisfiable(buildable, 'words::6::endIsStart')).toMatchObject({
      satisfiable: true,
      available: 6,
    });
    expect(checkSatisfiable(['abc', 'cde', 'xyz'], 'words::3::endIsStart')).toEqual({
      satisfiable: false,
      required: 3,
      available: 2,
      exact: true,
    });
  });
});

describe('longestChain', () => {
  it('uses each word once', () => {
    expect(longestChain(['aba'], 5)).toEqual({ length: 1, exact: true });
    expect(longestChain(['aba', 'aca', 'ada'], 5)).toEqual({ length: 3, exact: true });
    expect(longestChain(['ab', 'ba', 'ab'], 5)).toEqual({ length: 2, exact: true });
    expect(longestChain([], 3)).toEqual({ length: 0, exact: true });
  });

  it('needs the words in an order that works, not just the given one', () => {
    expect(longestChain(['cd', 'bc', 'ab', 'ca'], 4)).toEqual({ length: 4, exact: true }); // ca ab bc cd
  });

  it('gives up without a verdict on a hopeless search, so lint stays quiet', () => {
    // Letters joined only from earlier to later ones, two words per pair: the best chain has 21 words
    // (a → b → … → v), but proving that nothing longer exists means trying every path.
    const letters = 'abcdefghijklmnopqrstuv';
    const words: string[] = [];
    for (const x of letters) for (const y of letters) if (x < y) words.push(`${x}q${y}`, `${x}r${y}`);
    const result = longestChain(words, 400);
    expect(result.length).toBeLessThan(400);
    expect(result.length).toBe(21);
    expect(result.exact).toBe(false);
    expect(checkSatisfiable(words, 'words::400::endIsStart')).toEqual({
      satisfiable: true,
      required: 400,
      available: 21,
      exact: false,
    });
    expect(CHAIN_SEARCH_BUDGET).toBeGreaterThan(1000);
  });
});
