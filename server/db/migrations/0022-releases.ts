import type { Kysely } from 'kysely';
import { columnTypes } from '../columns.ts';
import type { Migration } from './index.ts';

/**
 * Issue 45, releases: immutable snapshots of the content the game reads.
 *
 * - `releases`: one row per release, numbered; `building` while its publish job writes its bundles
 *   (the game never sees it), `published` once the switch made it available. Who, when, notes, the
 *   content hash, and — when an administrator forced it past findings — the reason and the findings.
 * - `release_bundles`: each language's bundle: its hash (the ETag), sizes and row counts.
 * - `release_chunks`: the bundle's bytes, uncompressed (`identity`) and compressed once (`gzip`,
 *   `br`), in chunks of 64 kB: a chunk is written or read in a millisecond or two, so a
 *   bundle of tens of MB never holds SQLite's writer, a read worker or a PostgreSQL row for long.
 * Deleting a release (retention) deletes its bundles and chunks with it.
 */
export const releases: Migration = {
  name: '0022-releases',
  async up(db: Kysely<unknown>, dialect) {
    const t = columnTypes(dialect);
    const bytes = dialect === 'sqlite' ? 'blob' : 'bytea';
    await db.schema
      .createTable('releases')
      .addColumn('id', t.id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
      .addColumn('number', 'integer', (c) => c.notNull().unique())
      // building → published (a build that fails or is interrupted is deleted)
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('content_hash', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('forced_reason', 'text')
      .addColumn('findings', 'text')
      .addColumn('user_id', 'integer')
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('job_id', 'integer')
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('published_at', t.timestamp)
      .execute();
    await db.schema
      .createTable('release_bundles')
      .addColumn('release_id', 'integer', (c) => c.notNull().references('releases.id').onDelete('cascade'))
      .addColumn('language_id', 'integer', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull())
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('gzip_bytes', 'integer', (c) => c.notNull())
      .addColumn('br_bytes', 'integer', (c) => c.notNull())
      .addColumn('counts', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('release_bundles_pk', ['release_id', 'language_id'])
      .execute();
    await db.schema
      .createTable('release_chunks')
      .addColumn('release_id', 'integer', (c) => c.notNull().references('releases.id').onDelete('cascade'))
      .addColumn('language_id', 'integer', (c) => c.notNull())
      .addColumn('encoding', 'text', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('data', bytes, (c) => c.notNull())
      .addPrimaryKeyConstraint('release_chunks_pk', ['release_id', 'language_id', 'encoding', 'seq'])
      .execute();
  },
};
