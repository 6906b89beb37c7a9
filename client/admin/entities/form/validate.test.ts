import { describe, expect, it } from 'vitest';
import { parseEntityInput } from '#shared/entities/input.ts';
import { language, letterGroup, level, stage, user, word } from '#shared/entities/index.ts';
import { initialValues, toBody, type FormMode, type FormValues } from './form-values.ts';
import { LEVEL_REFERENCES_MESSAGE, labelFieldErrors, checkForm } from './validate.ts';
import type { AnyEntity } from '#shared/entities/index.ts';

function check(
  entity: AnyEntity,
  mode: FormMode,
  changes: FormValues,
  record: Record<string, unknown> | null = null,
) {
  const values = { ...initialValues(entity, record), ...changes };
  return checkForm(parseEntityInput, entity, mode, values, toBody(entity, mode, values));
}

describe('form validation (SPEC §5)', () => {
  it('language name: required on add and edit, with their exact messages, blank counts as empty', () => {
    expect(check(language, 'add', { language: '   ' })?.fieldErrors).toEqual({
      language: ['Language name is required'],
    });
    expect(check(language, 'edit', { language: '' }, { id: 1, language: 'x' })?.fieldErrors).toEqual({
      language: ['Language name is required.'],
    });
    expect(check(language, 'add', { language: 'Deutsch' })).toBeNull();
  });

  it('level: stage and language together, in one message', () => {
    expect(check(level, 'add', { stageId: '1' })).toEqual({
      message: LEVEL_REFERENCES_MESSAGE,
      fieldErrors: {},
    });
    expect(check(level, 'add', { stageId: '1', languageId: '2' })).toBeNull();
  });

  it('user: email required and an e-mail address, username required', () => {
    const record = { id: 1, email: 'ann@example.com', username: 'ann', role: 'common' };
    expect(check(user, 'edit', { email: '', username: '' }, record)?.fieldErrors).toEqual({
      email: ['Email is required'],
      username: ['Username is required'],
    });
    expect(check(user, 'edit', { email: 'not-mail' }, record)?.fieldErrors).toEqual({
      email: ['Email must be an e-mail address'],
    });
    expect(check(user, 'edit', { email: 'not-mail', username: ' ' }, record)?.fieldErrors).toEqual({
      email: ['Email must be an e-mail address'],
      username: ['Username is required'],
    });
    expect(check(user, 'edit', {}, record)).toBeNull();
  });

  it('letter group, stage and word name their required fields', () => {
    expect(Object.keys(check(letterGroup, 'add', {})?.fieldErrors ?? {})).toEqual([
      'letters',
      'languageId',
      'stageId',
    ]);
    expect(check(stage, 'add', {})?.fieldErrors).toEqual({
      letterCount: ['Letter Count is required'],
      number: ['Number is required'],
    });
    expect(check(word, 'add', { letters: 'cat' })?.fieldErrors).toEqual({
      languageId: ['Language is required'],
    });
  });

  it('applies the API schema after the required checks', () => {
    expect(check(stage, 'add', { letterCount: '0', number: '1' })?.fieldErrors).toEqual({
      letterCount: ['Letter Count must be at least 1'],
    });
  });

  it('labels server field errors', () => {
    expect(labelFieldErrors(word, { letters: ['is required'], other: ['bad'] })).toEqual({
      letters: ['Letters is required'],
      other: ['bad'],
    });
  });
});
