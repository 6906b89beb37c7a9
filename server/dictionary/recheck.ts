import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { nextTurn } from '../api/next-turn.ts';
import { transactionRunner } from '../api/resources/transaction.ts';
import type { Dictionaries } from './checker.ts';

/** Words read, judged and (where their flags change) written per step. */
const PAGE = 1000;

export interface Recheck {
  /** Languages whose words are being judged again now. */
  checking: ReadonlySet<number>;
  /** Settles once the pass that started with the server is over. */
  done: Promise<void>;
  stop(): void;
}

/**
 * The background pass (issue 46; docs/decisions/021-word-flags-stored.md): at start, each
 * language whose configured dictionary differs from the one its stored flags were computed with
 * (`dictionary_checks.fingerprint`: files, offensive words, judging code) — or that has no
 * dictionary any more — has every word judged again, a page at a time: read off the event loop,
 * judged in the dictionary thread, and only the words whose flags change written, each guarded by
 * the letters it was judged by (a word edited meanwhile keeps what its write computed). Decided
 * words have no flags. The pass writes no audit entries: flags are derived from the dictionary,
 * not a person's change, and a new dictionary can change thousands.
 */
export function startRecheck(database: DatabaseHandle, dictionaries: Dictionaries, logger: Logger): Recheck {
  const checking = new Set<number>();
  const transaction = transactionRunner(database);
  let stopped = false;
  const postgres = database.dialect === 'postgres';

  async function writeFlags(changes: Array<{ id: number; letters: string; flags: string | null }>) {
    if (changes.length === 0) return;
    const json = JSON.stringify(changes.map((c) => ({ i: c.id, l: c.letters, f: c.flags })));
    await transaction(async (tx) => {
      const update = postgres
        ? sql`update words set flags = j.f from jsonb_to_recordset(${json}::jsonb) as j(i int, l text, f text)
            where words.id = j.i and words.letters = j.l and words.decision is null`
        : sql`update words set flags = j.f from (select value ->> 'i' as i, value ->> 'l' as l, value ->> 'f' as f
            from json_each(${json})) as j where words.id = j.i and words.letters = j.l and words.decision is null`;
      await update.execute(tx.db);
    });
  }

  async function recheckLanguage(languageId: number, name: string, stored: string | null): Promise<void> {
    const pending = dictionaries.of(name);
    const dictionary = pending ? await pending : null;
    const fingerprint = dictionary?.fingerprint ?? null;
    if (fingerprint === stored) return;
    checking.add(languageId);
    const started = performance.now();
    let after = 0;
    let changed = 0;
    try {
      while (!stopped) {
        const rows = await database.read(
          sql`select id, letters, flags, decision from words where language_id = ${languageId} and id > ${after}
            order by id limit ${PAGE}`.compile(database.db),
        );
        if (rows.length === 0) break;
        after = Number(rows.at(-1)!.id);
        const open = rows.filter((row) => row.decision === null || row.decision === undefined);
        const flags = dictionary
          ? await dictionaries.flags(
              dictionary,
              open.map((r) => String(r.letters)),
            )
          : [];
        const changes = open.flatMap((row, i) => {
          const next = flags[i] || null;
          const now = (row.flags as string | null | undefined) ?? null;
          return next === now ? [] : [{ id: Number(row.id), letters: String(row.letters), flags: next }];
        });
        await writeFlags(changes);
        changed += changes.length;
        await nextTurn();
      }
      if (stopped) return;
      const checkedAt = new Date().toISOString();
      const values = { languageId, fingerprint, source: dictionary?.info.source ?? null, checkedAt };
      await transaction(async (tx) => {
        await tx.db.deleteFrom('dictionaryChecks').where('languageId', '=', languageId).execute();
        await tx.db.insertInto('dictionaryChecks').values(values).execute();
      });
      const ms = Math.round(performance.now() - started);
      logger.info({ languageId, language: name, changed, ms }, 'words checked against the dictionary');
    } finally {
      checking.delete(languageId);
    }
  }

  async function run(): Promise<void> {
    const [languages, checks] = await Promise.all([
      database.db.selectFrom('languages').select(['id', 'language']).orderBy('id').execute(),
      database.db.selectFrom('dictionaryChecks').select(['languageId', 'fingerprint']).execute(),
    ]);
    const stored = new Map(checks.map((c) => [c.languageId, c.fingerprint]));
    for (const language of languages) {
      if (stopped) return;
      try {
        await recheckLanguage(language.id, language.language, stored.get(language.id) ?? null);
      } catch (error) {
        logger.error(
          { err: error, languageId: language.id },
          'words could not be checked against the dictionary',
        );
      }
    }
  }

  const done = run().catch((error: unknown) => {
    logger.error({ err: error }, 'dictionary recheck failed');
  });
  return { checking, done, stop: () => (stopped = true) };
}
