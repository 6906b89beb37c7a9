import { describe, expect, it } from 'vitest';
import { language, letterGroup, word } from './index.ts';
import { naturalKeyOf } from './natural-key.ts';

describe('naturalKeyOf', () => {
  it('is the JSON of the key parts, case-folded parts lower-cased', () => {
    expect(naturalKeyOf(word, { letters: 'tap', languageId: 2, isActive: true })).toBe(
      JSON.stringify([2, 'tap']),
    );
    expect(naturalKeyOf(language, { language: 'English' })).toBe(JSON.stringify(['english']));
    expect(naturalKeyOf(letterGroup, { languageId: 1, stageId: 3, letters: 'a"b\\c' })).toBe(
      JSON.stringify([1, 3, 'a"b\\c']),
    );
  });

  it('is null when a part is missing or null', () => {
    expect(naturalKeyOf(word, { letters: 'tap' })).toBeNull();
    expect(naturalKeyOf(letterGroup, { languageId: 1, stageId: null, letters: 'abc' })).toBeNull();
  });
});
