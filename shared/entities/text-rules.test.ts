import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mixedAlphabets } from '../alphabets.ts';
import { parseLetterGroup, parseWord } from '../words.ts';
import { language, letterGroup, stage, user, word } from './index.ts';
import { parseEntityInput } from './input.ts';
import { cleanText, isInvisible } from './text-rules.ts';

const INVISIBLES = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', ' ', '\u3164', '\u2800'];

describe('cleanText', () => {
  it('trims spaces and invisible characters at the ends and normalises to NFC', () => {
    expect(cleanText('  e\u0301te\u0301\u200B ')).toEqual({ ok: true, text: 'été' });
    expect(cleanText('\uFEFFEnglish\n')).toEqual({ ok: true, text: 'English' });
  });

  it('refuses invisible-only text, control characters and broken characters, saying which', () => {
    expect(cleanText('\u200B\u200B')).toEqual({
      ok: false,
      reason: 'contains only invisible characters (such as zero-width spaces)',
    });
    expect(cleanText('\u3164')).toMatchObject({ ok: false, reason: /invisible/ });
    expect(cleanText('a\u0000b')).toEqual({
      ok: false,
      reason: 'contains the character U+0000, a control character',
    });
    expect(cleanText('a\uD800b')).toMatchObject({ ok: false, reason: /broken character/ });
    expect(cleanText('')).toEqual({ ok: true, text: '' });
    expect(cleanText('Eng\u200Blish')).toEqual({
      ok: false,
      reason: 'contains a zero-width space (U+200B), an invisible character: remove it',
    });
    // Joiners belong to some scripts: "می‌خواهم" keeps its zero-width non-joiner.
    expect(cleanText('می\u200Cخواهم')).toEqual({ ok: true, text: 'می\u200Cخواهم' });
  });

  it('property: accepted text is NFC, has no invisible ends, and cleaning it again changes nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite' }), (raw) => {
        const result = cleanText(raw);
        if (!result.ok) return;
        expect(result.text.normalize('NFC')).toBe(result.text);
        expect(cleanText(result.text)).toEqual(result);
        const chars = [...result.text];
        if (chars.length) expect(chars.every(isInvisible)).toBe(false);
      }),
    );
  });

  it('property: text made only of invisible characters is never accepted as content', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...INVISIBLES), { minLength: 1 }), (chars) => {
        const result = cleanText(chars.join(''));
        expect(result.ok && result.text !== '').toBe(false);
      }),
    );
  });
});

describe('letters', () => {
  it('refuses what is not a letter instead of dropping it', () => {
    expect(parseLetterGroup('</script>x')).toEqual({
      ok: false,
      reason: 'contains "<" (U+003C): only letters (separated by spaces or commas) are allowed',
    });
    expect(parseLetterGroup('ab\u200Bc')).toMatchObject({
      ok: false,
      reason: /zero-width space \(U\+200B\)/,
    });
    expect(parseLetterGroup('P, T, O')).toEqual({ ok: true, letters: ['p', 't', 'o'] });
    expect(parseWord('#cat')).toMatchObject({ ok: false, reason: /"#"/ });
  });

  it('keeps a word to one alphabet', () => {
    // A Cyrillic "с" (U+0441) in an otherwise Latin word.
    expect(parseWord('\u0441at')).toEqual({
      ok: false,
      reason: 'mixes alphabets: "a" (U+0061) is Latin but "с" is Cyrillic; use the letters of one alphabet',
    });
    expect(mixedAlphabets([...'ひらがな漢字カタカナ'])).toBeNull();
    expect(parseWord('Straße')).toEqual({ ok: true, word: 'straße' });
  });

  it('property: an accepted letter group is made of letters only, all of them from the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 30 }), (raw) => {
        const result = parseLetterGroup(raw);
        if (!result.ok) return;
        const input = raw.normalize('NFC').toLowerCase().normalize('NFC');
        for (const letter of result.letters) {
          expect(letter).toMatch(/^\p{L}\p{M}*$/u);
          expect(input).toContain(letter);
        }
      }),
    );
  });
});

describe('entity input', () => {
  it('refuses an over-long value with its length instead of cutting it', () => {
    const result = parseEntityInput(language, 'create', { language: 'x'.repeat(130) });
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { language: ['must be at most 100 characters (it has 130)'] },
    });
  });

  it('answers in words for people, never in zod’s', () => {
    const huge = parseEntityInput(stage, 'create', { number: 1e20, letterCount: 3 });
    expect(huge).toMatchObject({ fieldErrors: { number: ['must be at most 2,147,483,647'] } });
    const missing = parseEntityInput(user, 'create', { email: 'a@b.example' });
    expect(missing).toMatchObject({ fieldErrors: { username: ['is required'] } });
    const wrong = parseEntityInput(word, 'create', { letters: 'cat', languageId: 'x' });
    expect(wrong).toMatchObject({ fieldErrors: { languageId: ['must be a whole number'] } });
  });

  it('stores trimmed NFC text and letters as the user meant them', () => {
    expect(parseEntityInput(language, 'create', { language: ' Franc\u0327ais\u200B ' })).toEqual({
      ok: true,
      value: { language: 'Français' },
    });
    const group = parseEntityInput(letterGroup, 'create', { letters: 'A, B', languageId: 1, stageId: 1 });
    expect(group).toMatchObject({ ok: true, value: { letters: 'ab' } });
  });
});
