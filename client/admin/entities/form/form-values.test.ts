import { describe, expect, it } from 'vitest';
import { language, letterGroupWord, stage, user, userLevel, word } from '#shared/entities/index.ts';
import { bodyValue, formFields, initialValues, isDirty, isEditable, toBody } from './form-values.ts';

describe('form values', () => {
  it('starts an add form from the defaults (new languages are active) and an edit form from the record', () => {
    expect(initialValues(language, null)).toEqual({ id: '', isActive: true, language: '' });
    expect(
      initialValues(stage, { id: 3, isActive: false, letters: 'ab', letterCount: 4, number: 2 }),
    ).toEqual({
      id: '3',
      isActive: false,
      letters: 'ab',
      letterCount: '4',
      number: '2',
    });
    expect(initialValues(user, { id: 1, languageId: null }).languageId).toBe('');
  });

  it('shows writable fields when adding and also the read-only ones when editing', () => {
    expect(formFields(word, 'add').map(([name]) => name)).toEqual(['isActive', 'letters', 'languageId']);
    // The dictionary's verdict and decision (issue 46) are shown on an edit, never written by it.
    expect(formFields(word, 'edit').map(([name]) => name)).toEqual([
      'id',
      'isActive',
      'letters',
      'languageId',
      'flags',
      'decision',
      'decisionReason',
    ]);
    const fixed = userLevel.fields.levelId;
    expect(isEditable(fixed, 'add')).toBe(true);
    expect(isEditable(fixed, 'edit')).toBe(false);
  });

  it('converts inputs to the API body: numbers as numbers, empty optional values left out or null', () => {
    expect(bodyValue(stage.fields.letterCount, '5')).toBe(5);
    expect(bodyValue(stage.fields.letterCount, '')).toBeUndefined();
    expect(bodyValue(stage.fields.letterCount, 'x1')).toBe('x1');
    expect(bodyValue(user.fields.languageId, '')).toBeNull();
    expect(bodyValue(user.fields.role, '')).toBeUndefined();
    expect(bodyValue(user.fields.email, '')).toBe('');
    expect(bodyValue(user.fields.isActive, true)).toBe(true);
    expect(bodyValue(userLevel.fields.wordsPerSecond, '1.5')).toBe(1.5);
  });

  it('sends only editable fields: no id, no timestamps, no ids fixed on edit', () => {
    const record = { id: 9, letterGroupId: 4, wordId: 7 };
    expect(toBody(letterGroupWord, 'edit', initialValues(letterGroupWord, record))).toEqual({
      letterGroupId: 4,
    });
    const body = toBody(
      user,
      'edit',
      initialValues(user, { id: 2, email: 'a@b.c', createdAt: 'x', isTwoFa: true }),
    );
    expect(body).not.toHaveProperty('id');
    expect(body).not.toHaveProperty('createdAt');
    expect(body).not.toHaveProperty('isTwoFa');
    expect(body.email).toBe('a@b.c');
  });

  it('knows when inputs changed', () => {
    const start = initialValues(language, null);
    expect(isDirty(start, { ...start })).toBe(false);
    expect(isDirty(start, { ...start, language: 'x' })).toBe(true);
  });
});
