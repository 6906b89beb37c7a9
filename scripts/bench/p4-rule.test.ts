import { describe, expect, it } from 'vitest';
import { nearFloor } from './p4-filters.ts';

describe("P4's rule against the floor", () => {
  it('allows 2 ms over a sub-millisecond floor, never a ratio of it', () => {
    expect(nearFloor(2.3, 0.35)).toBe(true);
    expect(nearFloor(2.4, 0.35)).toBe(false);
  });

  it('allows three times a floor of a millisecond or more', () => {
    expect(nearFloor(7.1, 2.38)).toBe(true);
    expect(nearFloor(9.6, 2.38)).toBe(false);
    expect(nearFloor(3.0, 1)).toBe(true);
  });
});
