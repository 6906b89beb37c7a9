import { describe, expect, it } from 'vitest';
import { flagsText, parseFlags, WORD_FLAGS } from '#shared/dictionary.ts';
import { flagsCode, FLAGS_BY_CODE } from './flag-codes.ts';

describe('flag codes', () => {
  it('give every set of flags a code of its own, and back to the same text', () => {
    expect(FLAGS_BY_CODE).toHaveLength(1 << WORD_FLAGS.length);
    expect(new Set(FLAGS_BY_CODE).size).toBe(FLAGS_BY_CODE.length);
    expect(FLAGS_BY_CODE[0]).toBe('');
    for (const [code, text] of FLAGS_BY_CODE.entries()) {
      expect(flagsText(parseFlags(text))).toBe(text);
      expect(flagsCode(text)).toBe(code);
    }
    expect(FLAGS_BY_CODE[flagsCode('unknown offensive')]).toBe('unknown offensive');
  });

  it('refuse a text flagsText would not write', () => {
    expect(() => flagsCode('offensive unknown')).toThrow(/not a flags text/);
  });
});
