import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { objectRows } from './object-rows.ts';

describe('objectRows: a SELECT read raw and built into objects', () => {
  const db = new SQLite(':memory:');
  db.exec(`create table t (id integer primary key, name text, score real, data blob, gone text);
    insert into t values (1, 'ana', 1.5, x'00ff', null), (2, 'Ñandú "x"', -2, null, 'y');`);
  const same = (sql: string, ...parameters: unknown[]) => {
    const rows = objectRows(db.prepare(sql))(...parameters);
    const expected = db.prepare(sql).all(...parameters);
    expect(rows).toEqual(expected);
    rows.forEach((row, i) => expect(Object.keys(row)).toEqual(Object.keys(expected[i] as object)));
    return rows;
  };

  it('gives the rows the driver gives, keys in the same order', () => {
    expect(same('select * from t order by id')).toHaveLength(2);
    expect(same('select name, id from t where id = ?', 2)).toEqual([{ name: 'Ñandú "x"', id: 2 }]);
    expect(same('select * from t where id > ?', 5)).toEqual([]);
  });

  it('keeps odd column names as plain keys, the later of two equal names winning', () => {
    same('select id as "a""b", name as "x: 1 }); throw 1; ({", score as "" from t');
    expect(same('select id as n, name as n from t where id = 1')).toEqual([{ n: 'ana' }]);
    const proto = same('select name as "__proto__" from t where id = 1');
    expect(Object.getPrototypeOf(proto[0])).toBe(Object.prototype);
  });

  it('runs statements that return no rows as the driver does', () => {
    const insert = objectRows(db.prepare('select 1 where 0'));
    expect(insert()).toEqual([]);
    expect(() => objectRows(db.prepare('update t set name = name'))()).toThrow(/does not return data/);
  });
});
