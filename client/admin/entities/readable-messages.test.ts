import { describe, expect, it } from 'vitest';
import { pageProblem } from './readable-messages.ts';

describe('messages people read', () => {
  it('a typed page number is checked against the pages there are', () => {
    expect(pageProblem('3', 12)).toBeNull();
    expect(pageProblem('', 12)).toBe('Enter a number from 1 to 12.');
    expect(pageProblem('40', 12)).toBe('There is no page 40: enter a number from 1 to 12.');
    expect(pageProblem('0', 12)).toBe('There is no page 0: enter a number from 1 to 12.');
    expect(pageProblem('two', 12)).toBe('“two” is not a page number: enter a number from 1 to 12.');
    expect(pageProblem('2', 1)).toBe('There is no page 2: enter page 1.');
  });
});
