import { describe, expect, it } from 'vitest';
import { language, letterGroup } from '#shared/entities/index.ts';
import { formWarning } from './length-warning.ts';

const options = { stageId: [{ value: '2', label: '5 letters', letterCount: 5 }] };

describe('formWarning', () => {
  it('asks about a letter group whose length is not its stage letter count, and only then', () => {
    expect(formWarning(letterGroup, { letters: 'P, T, O', stageId: '2' }, options)).toBe(
      'This letter group has 3 letters, but its stage, “5 letters”, has a letter count of 5. ' +
        'Players of that stage expect 5 letters.',
    );
    expect(formWarning(letterGroup, { letters: 'pasta', stageId: '2' }, options)).toBeNull();
    // Invalid letters get their error instead; no stage chosen, nothing to compare.
    expect(formWarning(letterGroup, { letters: 'a<b', stageId: '2' }, options)).toBeNull();
    expect(formWarning(letterGroup, { letters: 'abc', stageId: '' }, options)).toBeNull();
    expect(formWarning(language, { language: 'x' }, options)).toBeNull();
  });
});
