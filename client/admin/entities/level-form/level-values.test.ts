import { describe, expect, it } from 'vitest';
import { level } from '#shared/entities/index.ts';
import { parseEntityInput } from '#shared/entities/input.ts';
import { conditionInputs, levelBody, levelInitialValues, solvabilityRequest } from './level-values.ts';

describe('level form values', () => {
  it('starts an added level with the form defaults: time 60, no condition', () => {
    const { values, unknown } = levelInitialValues(null);
    expect(values).toMatchObject({
      time: '60',
      numberOfWords: '0',
      numberOfLetters: '0',
      requiredLetterFlag: false,
      endIsStart: false,
      lettersAtLeast: false,
      isActive: true,
    });
    expect(unknown).toEqual([]);
    expect(levelBody('add', { ...values, stageId: '1', languageId: '2' })).toMatchObject({
      checkCondition: '',
    });
  });

  it('parses an existing condition back into the helper inputs', () => {
    const { values } = levelInitialValues({
      id: 1,
      checkCondition: 'words::10::endIsStart',
      requiredLetterFlag: false,
    });
    expect(conditionInputs(values)).toEqual({
      numberOfWords: 10,
      requiredLetterFlag: true,
      requiredLetter: 'last',
      endIsStart: true,
      numberOfLetters: 0,
      lettersAtLeast: false,
    });
    expect(levelInitialValues({ id: 1, checkCondition: 'letters::6+' }).values).toMatchObject({
      numberOfLetters: '6',
      lettersAtLeast: true,
      requiredLetterFlag: false,
    });
  });

  it('reports condition parts the form cannot express', () => {
    expect(levelInitialValues({ id: 1, checkCondition: 'words::3::rhymes' }).unknown).toEqual(['rhymes']);
  });

  it('composes the condition from the helpers into a body the API accepts', () => {
    const { values } = levelInitialValues(null);
    const body = levelBody('add', {
      ...values,
      stageId: '1',
      languageId: '2',
      numberOfWords: '5',
      requiredLetterFlag: true,
      requiredLetter: 'first',
      numberOfLetters: '4',
    });
    expect(body).toMatchObject({
      checkCondition: 'words::5::sameCharStart',
      requiredLetterFlag: true,
      time: 60,
    });
    expect(body).not.toHaveProperty('number');
    expect(parseEntityInput(level, 'create', body).ok).toBe(true);
    expect(levelBody('edit', { ...values, numberOfLetters: '6', lettersAtLeast: true }).checkCondition).toBe(
      'letters::6+',
    );
  });

  it("asks the workbench's verdict with the letter groups picked, else the level's own links", () => {
    const { values } = levelInitialValues({ id: 7, checkCondition: 'words::3', languageId: 2 });
    expect(solvabilityRequest({ id: 7 }, values)).toEqual({
      id: 7,
      languageId: 2,
      checkCondition: 'words::3',
      requiredLetterPosition: 0,
    });
    expect(solvabilityRequest(null, values, [4, 9])).toMatchObject({ letterGroupIds: [4, 9] });
    expect(solvabilityRequest(null, values, [])).toMatchObject({ letterGroupIds: [] });
    expect(solvabilityRequest(null, { ...values, languageId: '' }, [4])).toBeNull();
  });
});
