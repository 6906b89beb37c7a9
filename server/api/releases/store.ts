import { sql } from 'kysely';
import type { Findings, LanguageBundle, Release, ReleaseState } from '#shared/releases/api.ts';
import type { BundleCounts } from '#shared/releases/bundle.ts';
import type { ReadHandle } from '../../db/relayed-reads.ts';
import { looseDb, type Values, isoTime } from '../resources/rows.ts';
import { stateSwitches, type StoredState } from './state-switch.ts';

export { auditRelease, type ReleaseAudit, type StoredState } from './state-switch.ts';
import { chunksOf, type BundleBytes } from './bundle-bytes.ts';

export type Encoding = 'identity' | 'gzip' | 'br';
/** Chunks read per statement (about a MB). */
const CHUNKS_PER_READ = 16;
/** Chunks deleted per statement when a release is pruned. */
const CHUNKS_PER_DELETE = 64;

const iso = isoTime;

export interface BundleMeta extends LanguageBundle {
  releaseId: number;
  number: number;
}

export type ReleaseStore = ReturnType<typeof releaseStore>;

/**
 * The releases tables (migrations 0022–0023): releases and their bundles, stored once and never
 * changed; the one row saying which release the game gets, changed in one transaction by a
 * publish, a widening or a rollback.
 */
export function releaseStore(database: ReadHandle) {
  const db = looseDb(database);
  const bundleOf = (row: Values): BundleMeta => ({
    releaseId: Number(row.releaseId),
    number: Number(row.number),
    languageId: Number(row.languageId),
    language: String(row.language),
    hash: String(row.hash),
    bytes: Number(row.bytes),
    gzipBytes: Number(row.gzipBytes),
    brBytes: Number(row.brBytes),
    counts: JSON.parse(String(row.counts)) as BundleCounts,
  });
  const bundleColumns = [
    'releaseBundles.releaseId',
    'releases.number',
    'releaseBundles.languageId',
    'releaseBundles.language',
    'releaseBundles.hash',
    'releaseBundles.bytes',
    'releaseBundles.gzipBytes',
    'releaseBundles.brBytes',
    'releaseBundles.counts',
  ];

  async function state(): Promise<StoredState> {
    const row = await db.selectFrom('releaseState').selectAll().where('id', '=', 1).executeTakeFirst();
    const n = (value: unknown) => (value === null || value === undefined ? null : Number(value));
    const staged = n(row?.stagedNumber);
    const answer: ReleaseState = {
      current: n(row?.currentNumber),
      previous: n(row?.previousNumber),
      staged: staged === null ? null : { number: staged, share: Number(row?.stagedShare ?? 0) },
      switchedAt: iso(row?.switchedAt),
    };
    return { ...answer, key: JSON.stringify(answer) };
  }

  async function releasesOf(rows: Values[], now: ReleaseState): Promise<Release[]> {
    if (rows.length === 0) return [];
    const bundles = await db
      .selectFrom('releaseBundles')
      .innerJoin('releases', 'releases.id', 'releaseBundles.releaseId')
      .select(bundleColumns)
      .where(
        'releaseBundles.releaseId',
        'in',
        rows.map((row) => Number(row.id)),
      )
      .orderBy('releaseBundles.languageId')
      .execute();
    return rows.map((row) => {
      const number = Number(row.number);
      const role =
        now.current === number
          ? 'current'
          : now.staged?.number === number
            ? 'staged'
            : now.previous === number
              ? 'previous'
              : null;
      return {
        number,
        contentHash: String(row.contentHash),
        notes: String(row.notes),
        publishedAt: iso(row.publishedAt)!,
        username: String(row.username),
        forcedReason: (row.forcedReason as string | null) ?? null,
        forcedFindings: row.findings ? (JSON.parse(String(row.findings)) as Findings) : null,
        role,
        languages: bundles
          .filter((b) => Number(b.releaseId) === Number(row.id))
          .map((b) => {
            const { releaseId: _r, number: _n, ...rest } = bundleOf(b);
            return rest;
          }),
      };
    });
  }

  return {
    state,

    /** Published releases, newest first. */
    async list(limit: number): Promise<Release[]> {
      const rows = await db
        .selectFrom('releases')
        .selectAll()
        .where('status', '=', 'published')
        .orderBy('number', 'desc')
        .limit(limit)
        .execute();
      return releasesOf(rows, await state());
    },

    async get(number: number): Promise<Release | null> {
      const rows = await db
        .selectFrom('releases')
        .selectAll()
        .where('number', '=', number)
        .where('status', '=', 'published')
        .execute();
      return (await releasesOf(rows, await state()))[0] ?? null;
    },

    /** A published release's bundle of a language (hash, sizes), or null. */
    async bundle(number: number, languageId: number): Promise<BundleMeta | null> {
      const row = await db
        .selectFrom('releaseBundles')
        .innerJoin('releases', 'releases.id', 'releaseBundles.releaseId')
        .select(bundleColumns)
        .where('releases.number', '=', number)
        .where('releases.status', '=', 'published')
        .where('releaseBundles.languageId', '=', languageId)
        .executeTakeFirst();
      return row ? bundleOf(row) : null;
    },

    /** A stored bundle's bytes of one encoding, a few chunks per read (off the event loop on SQLite). */
    async *chunks(releaseId: number, languageId: number, encoding: Encoding): AsyncIterable<Buffer> {
      for (let seq = 0; ; seq += CHUNKS_PER_READ) {
        const rows = await database.read(
          sql`select data from release_chunks where release_id = ${releaseId} and language_id = ${languageId}
            and encoding = ${encoding} and seq >= ${seq} and seq < ${seq + CHUNKS_PER_READ} order by seq`.compile(
            database.db,
          ),
        );
        for (const row of rows) yield Buffer.from(row.data as Uint8Array);
        if (rows.length < CHUNKS_PER_READ) return;
      }
    },

    /** The published release before `number`, if any (what a diff compares with by default). */
    async numberBefore(number: number): Promise<number | null> {
      const row = await db
        .selectFrom('releases')
        .select(sql<number | null>`max(number)`.as('n'))
        .where('status', '=', 'published')
        .where('number', '<', number)
        .executeTakeFirst();
      return row?.n === null || row?.n === undefined ? null : Number(row.n);
    },

    /** The next release's number: one more than any release's, published or being built. */
    async nextNumber(): Promise<number> {
      const row = await db
        .selectFrom('releases')
        .select(sql<number>`max(number)`.as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0) + 1;
    },

    /** A release being built: numbered, invisible to the game until `publish`. */
    async createBuilding(values: {
      number: number;
      notes: string;
      forcedReason: string | null;
      findings: Findings | null;
      userId: number | null;
      username: string;
      jobId: number;
      now: string;
    }): Promise<number> {
      const row = await db
        .insertInto('releases')
        .values({
          number: values.number,
          status: 'building',
          notes: values.notes,
          forcedReason: values.forcedReason,
          findings: values.findings ? JSON.stringify(values.findings) : null,
          userId: values.userId,
          username: values.username,
          jobId: values.jobId,
          createdAt: values.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** One language's bundle of a release being built: its chunks, a statement each, then its row. */
    async writeBundle(
      releaseId: number,
      language: { id: number; name: string },
      bytes: BundleBytes,
      counts: BundleCounts,
      pause: () => Promise<void>,
    ): Promise<void> {
      for (const encoding of ['identity', 'gzip', 'br'] as const) {
        for (const [seq, data] of chunksOf(bytes[encoding]).entries()) {
          await db
            .insertInto('releaseChunks')
            .values({ releaseId, languageId: language.id, encoding, seq, data })
            .execute();
          await pause();
        }
      }
      await db
        .insertInto('releaseBundles')
        .values({
          releaseId,
          languageId: language.id,
          language: language.name,
          hash: bytes.hash,
          bytes: bytes.identity.length,
          gzipBytes: bytes.gzip.length,
          brBytes: bytes.br.length,
          counts: JSON.stringify(counts),
        })
        .execute();
    },

    ...stateSwitches(db, state),

    /**
     * Releases beyond the newest `keep`, never the current, previous or staged one, nor one being
     * built: deleted a few chunks per statement (a bundle can be tens of MB). Returns their numbers.
     */
    async prune(keep: number, pause: () => Promise<void>): Promise<number[]> {
      const now = await state();
      const kept = [now.current, now.previous, now.staged?.number].filter((n) => typeof n === 'number');
      const newest = await db
        .selectFrom('releases')
        .select('number')
        .where('status', '=', 'published')
        .orderBy('number', 'desc')
        .limit(keep)
        .execute();
      const protectedNumbers = [...kept, ...newest.map((row) => Number(row.number))];
      const doomed = await db
        .selectFrom('releases')
        .select(['id', 'number'])
        .where('status', '=', 'published')
        .where('number', 'not in', protectedNumbers.length > 0 ? protectedNumbers : [-1])
        .execute();
      for (const row of doomed) await deleteRelease(Number(row.id), pause);
      // Every instance forgets what it kept of them at its next request (reader.ts): the state's
      // notice (PostgreSQL; SQLite's counter moved with the deletes already).
      if (doomed.length > 0)
        await sql`update release_state set staged_share = staged_share where id = 1`.execute(db);
      return doomed.map((row) => Number(row.number));
    },

    /** Releases left `building` by a publish that failed or whose instance died. */
    async discardBuilding(pause: () => Promise<void>): Promise<void> {
      const rows = await db.selectFrom('releases').select('id').where('status', '=', 'building').execute();
      for (const row of rows) await deleteRelease(Number(row.id), pause);
    },
  };

  async function deleteRelease(releaseId: number, pause: () => Promise<void>): Promise<void> {
    const parts = await db
      .selectFrom('releaseChunks')
      .select(['languageId', 'encoding', sql<number>`max(seq)`.as('last')])
      .where('releaseId', '=', releaseId)
      .groupBy(['languageId', 'encoding'])
      .execute();
    for (const part of parts) {
      for (let seq = 0; seq <= Number(part.last); seq += CHUNKS_PER_DELETE) {
        await db
          .deleteFrom('releaseChunks')
          .where('releaseId', '=', releaseId)
          .where('languageId', '=', Number(part.languageId))
          .where('encoding', '=', String(part.encoding))
          .where('seq', '>=', seq)
          .where('seq', '<', seq + CHUNKS_PER_DELETE)
          .execute();
        await pause();
      }
    }
    await db.deleteFrom('releases').where('id', '=', releaseId).execute();
  }
}
