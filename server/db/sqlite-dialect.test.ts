import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cachingStatements } from './sqlite-dialect.ts';

describe('cachingStatements', () => {
  it('reuses the prepared statement of a SQL text, and gives a busy one (still iterating) a fresh one', () => {
    const raw = new SQLite(':memory:');
    const db = cachingStatements(raw);
    db.exec('create table t (x integer)');
    const insert = db.prepare('insert into t (x) values (?)');
    for (let x = 1; x <= 3; x++) db.prepare('insert into t (x) values (?)').run(x);
    expect(db.prepare('insert into t (x) values (?)')).toBe(insert);
    const read = 'select x from t order by x';
    const seen: number[][] = [];
    for (const row of db.prepare(read).iterate() as Iterable<{ x: number }>) {
      // The same text while the first statement iterates: a statement of its own, which works.
      seen.push([row.x, (db.prepare(read).all() as Array<{ x: number }>).length]);
    }
    expect(seen).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    db.close();
    expect(raw.open).toBe(false);
  });
});
