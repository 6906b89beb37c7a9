import { describe, expect, it } from 'vitest';
import { matchesEtag, rolloutBucket } from './reader.ts';

describe('rolloutBucket', () => {
  it('puts a player in the same bucket every time, and spreads players evenly', () => {
    expect(rolloutBucket(3, 'player-42')).toBe(rolloutBucket(3, 'player-42'));
    const buckets = Array.from({ length: 10_000 }, (_, i) => rolloutBucket(3, `p${i}`));
    const underTen = buckets.filter((b) => b < 1000).length;
    expect(underTen).toBeGreaterThan(850);
    expect(underTen).toBeLessThan(1150);
    expect(Math.max(...buckets)).toBeLessThan(10_000);
  });

  it('draws other players first for another release', () => {
    const first = Array.from({ length: 100 }, (_, i) => rolloutBucket(3, `p${i}`) < 1000);
    const next = Array.from({ length: 100 }, (_, i) => rolloutBucket(4, `p${i}`) < 1000);
    expect(next).not.toEqual(first);
  });
});

describe('matchesEtag', () => {
  it('matches the tag among several, weak or strong, and *', () => {
    expect(matchesEtag('"a", "b"', '"b"')).toBe(true);
    expect(matchesEtag('W/"b"', '"b"')).toBe(true);
    expect(matchesEtag('*', '"b"')).toBe(true);
    expect(matchesEtag('"bb"', '"b"')).toBe(false);
    expect(matchesEtag(undefined, '"b"')).toBe(false);
  });
});
