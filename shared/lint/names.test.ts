import { describe, expect, it } from 'vitest';
import { lintInput, type LintInput } from './index.ts';
import { lintKeys } from './keys.ts';

/** Ids and numbers apart on purpose: stage id 1 is number 931, language id 1 is English. */
const input = (): LintInput => ({
  languages: [
    { id: 1, isActive: true, language: 'English' },
    { id: 2, isActive: false, language: 'Klingon' },
  ],
  stages: [
    { id: 1, isActive: true, number: 931, letterCount: 3 },
    { id: 2, isActive: false, number: 932, letterCount: 3 },
  ],
  levels: [
    { id: 1, isActive: true, number: 1, languageId: 1, stageId: 1, checkCondition: '' },
    { id: 7, isActive: true, number: 4, languageId: 2, stageId: 2, checkCondition: 'words::1' },
  ],
  letterGroups: [
    { id: 5, isActive: false, letters: 'cat', languageId: 1, stageId: 1 },
    { id: 6, isActive: true, letters: 'dogs', languageId: 2, stageId: 2 },
  ],
  letterGroupLevels: [{ id: 1, letterGroupId: 5, levelId: 7 }],
  groupWords: new Map(),
  words: [
    { id: 3, isActive: true, letters: 'cat', languageId: 1 },
    { id: 4, isActive: true, letters: 'Cat', languageId: 1 },
  ],
});

describe('lint messages name what a person uses', () => {
  it('a level by its language name and stage number, never their ids', async () => {
    const messages = (await lintInput(input())).map((p) => p.message);
    expect(messages).toContain('level 1 (English, stage 931, number 1) has no letter groups');
    const other = 'level 7 (Klingon, stage 932, number 4)';
    expect(messages).toContain(`${other} is in inactive language Klingon`);
    expect(messages).toContain(`${other} is in inactive stage 932`);
    expect(messages).toContain(`${other} uses inactive letter group 5 "cat"`);
    expect(messages).toContain('letter group 6 "dogs" is in inactive language Klingon');
    expect(messages).toContain('letter group 6 "dogs" is in inactive stage 932');
    expect(messages).toContain('word 4 "Cat" duplicates word 3 in English');
    expect(messages.filter((m) => /language \d|stage [12]\b/.test(m))).toEqual([]);
  });

  it('keys: a letter group by its stage number and language name', () => {
    const content = input();
    content.letterGroups.push({ id: 8, isActive: true, letters: 'CAT', languageId: 1, stageId: 1 });
    const messages = lintKeys(content).map((p) => p.message);
    expect(messages).toContain('letter group 8 "cat" duplicates letter group 5 "cat" in English, stage 931');
    expect(messages).toContain(
      'letter group 6 "dogs" has 4 letters, but its stage 932 has a letter count of 3',
    );
  });

  it('a row missing from the input is named by its id, saying so', async () => {
    const content = { ...input(), languages: [], stages: [] };
    const messages = (await lintInput(content)).map((p) => p.message);
    expect(messages).toContain('level 1 (language id 1, stage id 1, number 1) has no letter groups');
  });
});
