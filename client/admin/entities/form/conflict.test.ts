import { describe, expect, it } from 'vitest';
import { mergedValues, shown } from './conflict.ts';

describe('a conflict between this form and a newer version', () => {
  it('reload takes their values and keeps my edits to the fields they did not change', () => {
    const start = { language: 'English', isActive: true, note: 'a' };
    const stored = { language: 'English (UK)', isActive: true, note: 'b' };
    const mine = { language: 'British English', isActive: false, note: 'a' };
    expect(mergedValues(stored, start, mine)).toEqual({
      language: 'English (UK)', // both changed it: theirs
      isActive: false, // only I changed it: mine
      note: 'b', // only they changed it: theirs
    });
  });

  it('shows values as a person reads them', () => {
    expect(shown(true)).toBe('Yes');
    expect(shown(false)).toBe('No');
    expect(shown('')).toBe('(empty)');
    expect(shown('12')).toBe('12');
  });
});
