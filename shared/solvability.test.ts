import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSatisfiable } from './check-condition-words.ts';
import { levelSolvability, requiredLetterOf, type SolvabilityGroup } from './solvability.ts';
import { parseCheckCondition } from './check-condition.ts';

const EN = 1;
const group = (id: number, letters: string, words: string[], more: Partial<SolvabilityGroup> = {}) => ({
  id,
  letters,
  isActive: true,
  words: words.map((w) => ({ letters: w, isActive: true, languageId: EN })),
  ...more,
});
const level = (checkCondition: string, requiredLetterPosition = 0) => ({
  languageId: EN,
  checkCondition,
  requiredLetterPosition,
});
const stop = group(1, 'stop', ['stop', 'post', 'spot', 'pots', 'tops', 'opts', 'to', 'so']);

describe('levelSolvability', () => {
  it('is solvable when every active letter group has enough usable words', () => {
    const result = levelSolvability(level('words::3::letters::4'), [stop]);
    expect(result).toMatchObject({ verdict: 'solvable', count: 6, required: 3, unknown: [] });
    expect(result.sample).toEqual(['opts', 'post', 'pots', 'spot', 'stop', 'tops']);
    expect(result.reason).toBe('letter group 1 "stop": 6 usable words, 3 needed');
  });

  it('says too few words, naming the letter group and the counts', () => {
    const result = levelSolvability(level('words::7::letters::4'), [stop]);
    expect(result.verdict).toBe('too-few-words');
    expect(result.reason).toBe('letter group 1 "stop": 6 usable words, 7 needed');
  });

  it('says unsolvable when no word meets the condition, or nothing is linked', () => {
    expect(levelSolvability(level('letters::9'), [stop])).toMatchObject({ verdict: 'unsolvable', count: 0 });
    expect(levelSolvability(level('words::2'), []).reason).toMatch(/^No letter group is linked/);
    const off = { ...stop, isActive: false };
    expect(levelSolvability(level('words::2'), [off])).toMatchObject({
      verdict: 'unsolvable',
      reason: expect.stringMatching(/inactive/),
    });
  });

  it('takes the worst letter group, and counts words over all of them', () => {
    const small = group(2, 'cat', ['cat', 'act']);
    const result = levelSolvability(level('words::3'), [stop, small]);
    expect(result).toMatchObject({ verdict: 'too-few-words', count: 10 });
    expect(result.reason).toBe('letter group 2 "cat": 2 usable words, 3 needed');
    expect(result.groups.map((g) => g.verdict)).toEqual(['solvable', 'too-few-words']);
  });

  it('counts only active words of the level language', () => {
    const mixed = group(3, 'stop', ['stop'], {
      words: [
        { letters: 'stop', isActive: true, languageId: EN },
        { letters: 'post', isActive: false, languageId: EN },
        { letters: 'spot', isActive: true, languageId: 2 },
      ],
    });
    expect(levelSolvability(level('words::2'), [mixed])).toMatchObject({
      verdict: 'too-few-words',
      count: 1,
    });
    const foreign = group(4, 'stop', [], { words: [{ letters: 'spot', isActive: true, languageId: 2 }] });
    expect(levelSolvability(level(''), [foreign]).reason).toMatch(/no active words of the level's language/);
  });

  it('fixes the required letter from its position in the letter group', () => {
    // "stop": position 1 is s, 4 is p. Starting with s: stop, spot, so; with p: post, pots.
    expect(levelSolvability(level('words::3::sameCharStart', 1), [stop]).verdict).toBe('solvable');
    const p = levelSolvability(level('words::3::sameCharStart', 4), [stop]);
    expect(p).toMatchObject({ verdict: 'too-few-words', count: 2, sample: ['post', 'pots'] });
    expect(p.groups[0]!.requiredLetter).toBe('p');
    const far = levelSolvability(level('sameCharEnd', 9), [stop]);
    expect(far).toMatchObject({ verdict: 'unsolvable' });
    expect(far.reason).toBe('letter group 1 "stop": it has 4 letters, so no letter at required position 9');
    // Without a required-letter rule the position is not used.
    expect(requiredLetterOf(parseCheckCondition('words::2').parts, 3, 'stop')).toBeUndefined();
  });

  it('reports parts of the condition it does not understand', () => {
    expect(levelSolvability(level('words::2::sometimes'), [stop]).unknown).toEqual(['sometimes']);
  });

  it('agrees with checkSatisfiable on any words and condition (one group, no position)', () => {
    const word = fc.stringMatching(/^[abc]{1,4}$/);
    const condition = fc.constantFrom(
      'words::3',
      'words::2::letters::2',
      'words::4::letters::3+',
      'words::3::sameCharStart',
      'words::3::sameCharEnd',
      'words::3::endIsStart',
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 12 }), condition, (words, cond) => {
        const result = levelSolvability(level(cond), [group(1, 'abcabc', words)]);
        const check = checkSatisfiable(words, cond);
        expect(result.verdict === 'solvable').toBe(check.satisfiable && words.length > 0);
        expect(result.count).toBeLessThanOrEqual(new Set(words).size);
        expect(result.sample).toEqual([...result.sample].sort());
      }),
    );
  });
});
