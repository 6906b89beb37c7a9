import { sql } from 'kysely';
import {
  countVerdicts,
  emptyVerdictCounts,
  type CheckResponse,
  type DecisionRequest,
  type DecisionResponse,
  type DecisionResult,
  type Verdict,
  type WordCheck,
} from '#shared/dictionary.ts';
import { word as wordEntity } from '#shared/entities/index.ts';
import { parseFlags } from '#shared/dictionary.ts';
import { parseWord } from '#shared/words.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { ChangeContext } from '../api/audit/record.ts';
import { ApiError, notFound } from '../api/http/errors.ts';
import { nextTurn } from '../api/next-turn.ts';
import { chunks, MAX_PARAMETERS } from '../api/resources/bulk-rows.ts';
import type { Tx } from '../api/resources/integrity.ts';
import { assertLanguageAlphabet } from '../api/resources/language-alphabet.ts';
import { fromRow, looseDb, type Values } from '../api/resources/rows.ts';
import { transactionRunner } from '../api/resources/transaction.ts';
import { updateRecord } from '../api/resources/writes.ts';
import type { Dictionaries } from './checker.ts';

/** Words decided per transaction (a bulk decision of 5,000 takes turns with other requests). */
const DECISION_SLICE = 500;

export type DictionaryService = ReturnType<typeof createDictionaryService>;

/**
 * What the dictionary routes answer (server/api/dictionary/routes.ts): a check of any words
 * against a language's dictionary, offensive list and alphabet (nothing stored), and decisions on
 * stored words, written as updates of those words (audited, so the history screens show them).
 */
export function createDictionaryService(database: DatabaseHandle, dictionaries: Dictionaries) {
  const db = looseDb(database);
  const transaction = transactionRunner(database);
  const reader = (): Tx => ({ db, dialect: database.dialect, known: new Map() });

  async function languageOf(languageId: number): Promise<string> {
    const row = await db
      .selectFrom('languages')
      .select('language')
      .where('id', '=', languageId)
      .executeTakeFirst();
    if (!row) throw notFound(`Language ${languageId} not found`);
    return String(row.language);
  }

  /** Stored words of the language among `letters`, by letters. */
  async function storedWords(languageId: number, letters: readonly string[]): Promise<Map<string, Values>> {
    const found = new Map<string, Values>();
    for (const chunk of chunks([...new Set(letters)], MAX_PARAMETERS - 1)) {
      const rows = await db
        .selectFrom('words')
        .selectAll()
        .where('languageId', '=', languageId)
        .where('letters', 'in', chunk)
        .execute();
      for (const row of rows) found.set(String(row.letters), fromRow(wordEntity, row));
    }
    return found;
  }

  async function check(languageId: number, words: readonly string[]): Promise<CheckResponse> {
    const language = await languageOf(languageId);
    const dictionary = dictionaries.of(language);
    const tx = reader();
    const results: WordCheck[] = [];
    for (const raw of words) {
      const parsed = parseWord(raw);
      if (!parsed.ok) {
        results.push({
          word: raw,
          letters: null,
          verdicts: ['alphabet'],
          decision: null,
          reason: null,
          message: `${JSON.stringify(raw.slice(0, 60))} ${parsed.reason}`,
        });
        continue;
      }
      const result: WordCheck = {
        word: raw,
        letters: parsed.word,
        verdicts: [],
        decision: null,
        reason: null,
      };
      try {
        await assertLanguageAlphabet(tx, wordEntity, { letters: parsed.word, languageId });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        result.verdicts.push('alphabet');
        result.message = `"${parsed.word}" ${error.fieldErrors?.letters?.[0] ?? error.message}`;
      }
      results.push(result);
    }
    const valid = results.filter((r) => r.letters !== null);
    const stored = await storedWords(
      languageId,
      valid.map((r) => r.letters!),
    );
    const loaded = dictionary ? await dictionary : null;
    // No words: the question is the dictionary itself, answered once it is ready to judge.
    if (loaded && words.length === 0) await dictionaries.ready(loaded);
    const flags = loaded
      ? await dictionaries.flags(
          loaded,
          valid.map((r) => r.letters!),
        )
      : [];
    valid.forEach((result, i) => {
      const word = stored.get(result.letters!);
      if (word?.decision) {
        result.decision = word.decision as WordCheck['decision'];
        result.reason = (word.decisionReason as string | null) ?? null;
        return;
      }
      result.verdicts.push(...(parseFlags(flags[i]) as Verdict[]));
    });
    const counts = emptyVerdictCounts();
    for (const result of results) countVerdicts(counts, result.verdicts);
    return { languageId, language, dictionary: loaded?.info ?? null, results, counts };
  }

  async function decide(request: DecisionRequest, ctx: ChangeContext): Promise<DecisionResponse> {
    const language = await languageOf(request.languageId);
    const dictionary = dictionaries.of(language);
    const results: DecisionResult[] = request.words.map((word) => ({ word, status: 'rejected' }));
    const letters = request.words.map((word) => {
      const parsed = parseWord(word);
      return parsed.ok ? parsed.word : null;
    });
    const stored = await storedWords(
      request.languageId,
      letters.filter((l): l is string => l !== null),
    );
    const positions = [...request.words.keys()];
    for (const slice of chunks(positions, DECISION_SLICE)) {
      if (slice[0] !== 0) await nextTurn();
      await transaction(async (tx) => {
        const words = slice.flatMap((i) =>
          letters[i] && stored.get(letters[i]) ? [stored.get(letters[i])!] : [],
        );
        const loaded = request.decision === null && dictionary ? await dictionary : null;
        const flags = loaded
          ? await dictionaries.flags(
              loaded,
              words.map((w) => String(w.letters)),
            )
          : [];
        const flagsOf = new Map(words.map((w, i) => [w.id, flags[i] || null]));
        for (const i of slice) {
          const word = letters[i] ? stored.get(letters[i]) : undefined;
          if (!word) {
            results[i]!.message = `No word "${letters[i] ?? request.words[i]}" in ${language}`;
            continue;
          }
          const input: Values = {
            decision: request.decision,
            decisionReason: request.decision === null ? null : request.reason,
            flags: request.decision === null ? (flagsOf.get(word.id) ?? null) : null,
          };
          if (request.decision === 'excluded') input.isActive = false;
          if (request.decision === 'accepted' && word.decision === 'excluded') input.isActive = true;
          const { record, changed } = await updateRecord(tx, wordEntity, word, input, ctx);
          stored.set(String(record.letters), record);
          results[i] = {
            word: request.words[i]!,
            id: Number(record.id),
            status: changed ? 'decided' : 'unchanged',
          };
        }
      });
    }
    const counts = { decided: 0, unchanged: 0, rejected: 0 };
    for (const result of results) counts[result.status]++;
    return { counts, results };
  }

  /** Active words with an open finding, and decided words, per language and kind. */
  async function tallies(): Promise<
    Array<{ languageId: number; flags: string | null; decision: string | null; n: number }>
  > {
    const active = sql.lit(database.dialect === 'postgres' ? true : 1);
    const [flagged, decided] = await Promise.all([
      database.read(
        sql`select language_id, flags, count(*) as n from words where flags is not null and is_active = ${active}
          group by language_id, flags`.compile(database.db),
      ),
      database.read(
        sql`select language_id, decision, count(*) as n from words where decision is not null
          group by language_id, decision`.compile(database.db),
      ),
    ]);
    return [...flagged, ...decided].map((row) => ({
      languageId: Number(row.languageId),
      flags: (row.flags as string | undefined) ?? null,
      decision: (row.decision as string | undefined) ?? null,
      n: Number(row.n),
    }));
  }

  return { check, decide, tallies, languageOf };
}
