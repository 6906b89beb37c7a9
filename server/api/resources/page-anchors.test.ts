import { describe, expect, it } from 'vitest';
import { createPageAnchors } from './page-anchors.ts';

const key = (id: number) => ({ id, value: id });

describe('page anchors', () => {
  it('find the page served before again: its first row, not its last (which lies inside the page)', () => {
    const anchors = createPageAnchors();
    anchors.remember('users', 'v1', 400_000, key(400_001));
    anchors.remember('users', 'v1', 400_019, key(400_020));
    expect(anchors.nearest('users', 'v1', 400_000, 400_020)).toEqual({
      below: { position: 400_000, key: key(400_001) },
      above: null,
    });
  });

  it('find the rows nearest below the start and at or past the end of a page', () => {
    const anchors = createPageAnchors();
    for (const position of [2000, 2019, 2040, 2059, 2100])
      anchors.remember('words', 'v1', position, key(position));
    const { below, above } = anchors.nearest('words', 'v1', 2020, 2040);
    expect(below?.position).toBe(2019);
    expect(above?.position).toBe(2040);
    expect(anchors.nearest('words', 'v1', 2041, 2061).above?.position).toBe(2100);
  });

  it('forget everything of an older version of the table', () => {
    const anchors = createPageAnchors();
    anchors.remember('words', 'v1', 3000, key(3000));
    expect(anchors.nearest('words', 'v2', 3000, 3020)).toEqual({ below: null, above: null });
  });
});
