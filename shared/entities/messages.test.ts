import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, readableNumber } from './messages.ts';

describe('readableNumber', () => {
  it('writes what toLocaleString("en-US") writes, for every number', () => {
    const numbers = fc.oneof(
      fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
      fc.integer({ min: -100_000, max: 100_000 }),
      fc.double({ noNaN: false }),
      fc.constantFrom(0, -0, 999, 1000, -1000, 2_147_483_647, Number.MAX_SAFE_INTEGER + 1, 1e21),
    );
    fc.assert(
      fc.property(numbers, (n) => readableNumber(n) === n.toLocaleString('en-US')),
      {
        numRuns: 5_000,
      },
    );
  });

  it('groups the digits of the bounds in field messages', () => {
    expect(FIELD_MESSAGES.atMost(2_147_483_647)).toBe('must be at most 2,147,483,647');
    expect(FIELD_MESSAGES.atLeast(-1_000)).toBe('must be at least -1,000');
    expect(FIELD_MESSAGES.tooLong(255, 1_024)).toBe('must be at most 255 characters (it has 1,024)');
  });
});
