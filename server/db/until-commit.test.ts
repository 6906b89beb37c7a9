import { describe, expect, it } from 'vitest';
import { keepBounded, perTurn, untilCommit } from './until-commit.ts';

describe('answers kept until the next commit', () => {
  it('are reused while the counter stands and forgotten once it moves', () => {
    let counter = 1;
    const answers = untilCommit<number>(() => String(counter), 10);
    answers.keep('count', 42, answers.now());
    expect(answers.get('count')).toBe(42);
    counter = 2;
    answers.now();
    expect(answers.get('count')).toBeUndefined();
  });

  it('never keep an answer computed across a commit', () => {
    let counter = 1;
    const answers = untilCommit<number>(() => String(counter), 10);
    const at = answers.now();
    counter = 2; // a commit while the answer was being computed
    answers.now();
    answers.keep('count', 42, at);
    expect(answers.get('count')).toBeUndefined();
  });

  it('hold at most their bound, the oldest going first', () => {
    const map = new Map<string, number>();
    for (const [i, key] of ['a', 'b', 'c'].entries()) keepBounded(map, key, i, 2);
    expect([...map.keys()]).toEqual(['b', 'c']);
    keepBounded(map, 'c', 9, 2);
    expect([...map]).toEqual([
      ['b', 1],
      ['c', 9],
    ]);
  });
});

describe('perTurn', () => {
  it('reads the counter once per turn of the event loop, and again in the next', async () => {
    let reads = 0;
    const counter = perTurn(() => `v${++reads}`);
    expect([counter(), counter(), counter()]).toEqual(['v1', 'v1', 'v1']);
    await Promise.resolve(); // microtasks are the same turn
    expect(counter()).toBe('v1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(counter()).toBe('v2');
    expect(reads).toBe(2);
  });
});
