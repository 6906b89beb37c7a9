import { describe, expect, it } from 'vitest';
import { parseEntityInput } from '#shared/entities/input.ts';
import { letterGroup, stage, user, userLevel } from '#shared/entities/index.ts';
import { initialValues, toBody } from './form/form-values.ts';
import { checkForm } from './form/validate.ts';
import { filterProblem, pageProblem, readableFieldMessage } from './readable-messages.ts';

const filter = (entity: typeof letterGroup | typeof stage | typeof user, field: string) =>
  entity.filters.find((f) => f.field === field)!;

describe('messages people read', () => {
  it('an id filter past the largest id, or not a number, says what to type', () => {
    const stageId = filter(letterGroup, 'stageId');
    const expected = 'Stage ID must be a whole number from 1 to 2,147,483,647.';
    for (const bad of ['99999999999999999999', '2147483648', '0', '-3', '1.5', 'abc', '1e5']) {
      expect(filterProblem(letterGroup, stageId, bad), bad).toBe(expected);
    }
    for (const good of ['', '1', '2147483647', ' 42 '])
      expect(filterProblem(letterGroup, stageId, good)).toBeNull();
  });

  it("a number filter takes its field's bounds", () => {
    expect(filterProblem(stage, filter(stage, 'letterCount'), '65')).toBe(
      'Letter count must be a whole number from 1 to 64.',
    );
    expect(filterProblem(stage, filter(stage, 'number'), '0')).toBeNull();
    expect(filterProblem(stage, filter(stage, 'number'), '-1')).toBe(
      'Number must be a whole number from 0 to 2,147,483,647.',
    );
  });

  it('text filters are limited to what the API searches by', () => {
    expect(filterProblem(user, filter(user, 'email'), 'x'.repeat(200))).toBeNull();
    expect(filterProblem(user, filter(user, 'email'), 'x'.repeat(201))).toBe(
      'Email can be at most 200 characters long (it has 201).',
    );
  });

  it('a typed page number is checked against the pages there are', () => {
    expect(pageProblem('3', 12)).toBeNull();
    expect(pageProblem('', 12)).toBe('Enter a number from 1 to 12.');
    expect(pageProblem('40', 12)).toBe('There is no page 40: enter a number from 1 to 12.');
    expect(pageProblem('0', 12)).toBe('There is no page 0: enter a number from 1 to 12.');
    expect(pageProblem('two', 12)).toBe('“two” is not a page number: enter a number from 1 to 12.');
    expect(pageProblem('2', 1)).toBe('There is no page 2: enter page 1.');
  });

  it("zod's own texts never reach the form", () => {
    const values = { ...initialValues(stage, null), letterCount: '5', number: '1e20' };
    const body = { ...toBody(stage, 'add', values), number: 1e20 };
    expect(checkForm(parseEntityInput, stage, 'add', values, body)?.fieldErrors).toEqual({
      number: ['Number must be at most 2,147,483,647'],
    });
    expect(readableFieldMessage(userLevel.fields.validWords, 'must be at most 2147483647')).toBe(
      'must be at most 2,147,483,647',
    );
    expect(readableFieldMessage(undefined, 'Invalid input: expected number, received string')).toBe(
      'must be a number',
    );
    expect(readableFieldMessage(undefined, 'is required')).toBe('is required');
  });
});
