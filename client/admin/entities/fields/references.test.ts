import { describe, expect, it } from 'vitest';
import { idQuery } from './references.ts';

describe('picker queries', () => {
  it('reads an id typed as 5 or #5 (the list shows ids both ways), and nothing else as one', () => {
    expect(idQuery('5')).toBe(5);
    expect(idQuery(' #5 ')).toBe(5);
    expect(idQuery('# 12')).toBe(12);
    expect(idQuery('0')).toBeNull();
    expect(idQuery('#')).toBeNull();
    expect(idQuery('5a')).toBeNull();
    expect(idQuery('pasta')).toBeNull();
  });
});
