import { MessageChannel, type Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, testDatabase, type TestDatabase } from '../../tests/helpers/databases.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { answerReads, relayedReads, type ReadHandle } from './relayed-reads.ts';

describe.each(DIALECTS)('relayed reads on %s', (dialect) => {
  let test: TestDatabase;
  let database: DatabaseHandle;
  let relayed: ReadHandle;
  let channel: MessageChannel;
  beforeAll(async () => {
    test = testDatabase(dialect);
    database = await openDatabase(test.options);
    const bool = (value: boolean) => sql.lit(dialect === 'postgres' ? value : Number(value));
    await sql`insert into languages (language, is_active)
      values ('English', ${bool(true)}), ('Español', ${bool(false)})`.execute(database.db);
    // The two ends a worker and its server would hold, in one thread for the test.
    channel = new MessageChannel();
    answerReads(channel.port2 as unknown as Worker, database);
    relayed = relayedReads(dialect, channel.port1);
  });
  afterAll(async () => {
    channel?.port1.close();
    await database?.close();
    await test?.drop();
  });

  it('answers a query built in the worker with the rows the server reads, camelCase', async () => {
    const query = (db: ReadHandle['db']) =>
      db.selectFrom('languages').select(['id', 'language', 'isActive']).orderBy('id').execute();
    const rows = await query(relayed.db);
    expect(rows.map((row) => row.language)).toEqual(['English', 'Español']);
    expect(rows).toEqual(await query(database.db));
  });

  it('refuses a write without sending it, and passes on a failed read as an error', async () => {
    await expect(
      relayed.db
        .insertInto('languages')
        .values({ language: 'Deutsch' } as never)
        .execute(),
    ).rejects.toThrow('A relayed database only reads');
    const count = await database.db
      .selectFrom('languages')
      .select((eb) => eb.fn.countAll().as('n'))
      .execute();
    expect(Number(count[0]!.n)).toBe(2);
    await expect(
      relayed.db
        .selectFrom('no_such_table' as never)
        .selectAll()
        .execute(),
    ).rejects.toThrow(/no_such_table/);
    // A raw read that is no SELECT is refused by the server's side too, and changes nothing.
    await expect(relayed.read({ sql: 'delete from languages', parameters: [] } as never)).rejects.toThrow(
      'A relayed database only reads',
    );
    const after = await database.db
      .selectFrom('languages')
      .select((eb) => eb.fn.countAll().as('n'))
      .execute();
    expect(Number(after[0]!.n)).toBe(2);
  });
});
