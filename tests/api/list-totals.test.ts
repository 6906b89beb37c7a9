import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { FEW_MATCHES } from '../../server/api/resources/list-query.ts';
import { useApiWithFixture } from './harness.ts';

/**
 * A list asked again is answered from its kept plan, on PostgreSQL in one statement with the
 * table's change sum (server/db/count-cache.ts): its total must stay exact however the page was
 * counted, including after writes from another client that tell the server nothing.
 */
describe.each(DIALECTS)('list totals asked again (%s)', (dialect) => {
  const { api, f } = useApiWithFixture(dialect);

  const list = async (query: string) => {
    const res = await api.get(`words/cms/search/?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return {
      total: res.body.totalElements as number,
      pages: res.body.totalPages as number,
      letters: (res.body.content as Array<{ letters: string }>).map((row) => row.letters),
    };
  };
  // Written straight into the table, as an operator's SQL would: no API call to forget anything.
  const insertWord = (letters: string) =>
    api.database.db
      .insertInto('words')
      .values({ letters, languageId: f.english } as never)
      .execute();
  const deleteWord = (letters: string) =>
    api.database.db.deleteFrom('words').where('letters', '=', letters).execute();

  it('counts a full page, and counts again once another client has written the table', async () => {
    for (const letters of ['qtot-a', 'qtot-b', 'qtot-c', 'qtot-d']) await insertWord(letters);
    for (let ask = 0; ask < 3; ask++)
      expect(await list('letters=qtot&size=2')).toMatchObject({ total: 4, pages: 2 });
    await insertWord('qtot-e');
    expect(await list('letters=qtot&size=2')).toMatchObject({ total: 5, pages: 3 });
    await deleteWord('qtot-a');
    await deleteWord('qtot-b');
    expect(await list('letters=qtot&size=2')).toMatchObject({ total: 3, pages: 2 });
  });

  it('tells the total of a short page from its rows, on the first page and a later one', async () => {
    for (const letters of ['qshort-a', 'qshort-b', 'qshort-c']) await insertWord(letters);
    for (let ask = 0; ask < 3; ask++) {
      expect(await list('letters=qshort&size=5')).toEqual({
        total: 3,
        pages: 1,
        letters: ['qshort-a', 'qshort-b', 'qshort-c'],
      });
      expect(await list('letters=qshort&size=2&page=1')).toEqual({
        total: 3,
        pages: 2,
        letters: ['qshort-c'],
      });
    }
    await insertWord('qshort-d');
    expect(await list('letters=qshort&size=5')).toMatchObject({ total: 4 });
    expect(await list('letters=qshort&size=2&page=1')).toMatchObject({
      total: 4,
      letters: ['qshort-c', 'qshort-d'],
    });
    await deleteWord('qshort-c');
    await deleteWord('qshort-d');
    // An empty page past the end tells nothing by itself: the total is counted.
    expect(await list('letters=qshort&size=2&page=1')).toEqual({ total: 2, pages: 1, letters: [] });
  });

  it('answers an empty list as empty, and finds the row another client adds to it', async () => {
    for (let ask = 0; ask < 3; ask++)
      expect(await list('letters=qnone')).toEqual({ total: 0, pages: 0, letters: [] });
    await insertWord('qnone-a');
    expect(await list('letters=qnone')).toEqual({ total: 1, pages: 1, letters: ['qnone-a'] });
  });

  it('keeps a sorted page in its order when asked again', async () => {
    for (const letters of ['qsort-b', 'qsort-c', 'qsort-a']) await insertWord(letters);
    for (let ask = 0; ask < 3; ask++) {
      expect((await list('letters=qsort&sort=letters:desc')).letters).toEqual([
        'qsort-c',
        'qsort-b',
        'qsort-a',
      ]);
      expect((await list('letters=qsort&sort=letters&size=2')).letters).toEqual(['qsort-a', 'qsort-b']);
    }
  });

  it('keeps its pages in order while a filter grows from a few matches to many and back', async () => {
    // PostgreSQL plans a text filter's page by how many rows match (list-query.ts, FEW_MATCHES).
    for (const letters of ['qgrow-c', 'qgrow-a', 'qgrow-b']) await insertWord(letters);
    const pages = async () => [
      await list('letters=qgrow&sort=letters:desc&size=2'),
      await list('letters=qgrow&size=2&page=1'),
    ];
    for (let ask = 0; ask < 2; ask++) {
      expect(await pages()).toEqual([
        { total: 3, pages: 2, letters: ['qgrow-c', 'qgrow-b'] },
        { total: 3, pages: 2, letters: ['qgrow-b'] },
      ]);
    }
    const many = Array.from({ length: FEW_MATCHES }, (_, i) => `qgrow-m${String(i).padStart(5, '0')}`);
    for (let i = 0; i < many.length; i += 500) {
      const chunk = many.slice(i, i + 500).map((letters) => ({ letters, languageId: f.english }));
      await api.database.db
        .insertInto('words')
        .values(chunk as never)
        .execute();
    }
    const total = FEW_MATCHES + 3;
    const pageCount = Math.ceil(total / 2);
    for (let ask = 0; ask < 3; ask++) {
      expect(await pages()).toEqual([
        { total, pages: pageCount, letters: [many.at(-1), many.at(-2)] },
        { total, pages: pageCount, letters: ['qgrow-b', many[0]] },
      ]);
    }
    await api.database.db.deleteFrom('words').where('letters', 'like', 'qgrow-m%').execute();
    for (let ask = 0; ask < 2; ask++) {
      expect(await pages()).toEqual([
        { total: 3, pages: 2, letters: ['qgrow-c', 'qgrow-b'] },
        { total: 3, pages: 2, letters: ['qgrow-b'] },
      ]);
    }
  });
});

/** PostgreSQL's change rows (migration 0007), read with every page asked again, stay few. */
describe('list pages asked again on PostgreSQL, under many writes', () => {
  const { api, f } = useApiWithFixture('postgres');

  it('folds the table change rows it reads the page with, keeping the total exact', async () => {
    const list = () => api.get('words/cms/search/?letters=qfold&size=2');
    expect((await list()).body.totalElements).toBe(0);
    expect((await list()).body.totalElements).toBe(0);
    // One change row per write statement, each from another client.
    for (let i = 0; i < 520; i++) {
      await api.database.db
        .insertInto('words')
        .values({ letters: `qfold-${String(i).padStart(3, '0')}`, languageId: f.english } as never)
        .execute();
    }
    // A hundred pages later at most, they have been folded (beside a page, not before it).
    for (let i = 0; i < 100; i++) expect((await list()).body.totalElements).toBe(520);
    const changeRows = async () =>
      Number(
        (
          await api.database.db
            .selectFrom('tableChanges' as never)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('tableName' as never, '=', 'words' as never)
            .executeTakeFirstOrThrow()
        ).n,
      );
    await expect.poll(changeRows).toBeLessThan(10);
    expect((await list()).body.totalElements).toBe(520);
  });
});
