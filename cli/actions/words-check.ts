import {
  DECISIONS,
  emptyVerdictCounts,
  MAX_CHECK_WORDS,
  verdictSummary,
  type Decision,
  type DecisionResponse,
  type WordCheck,
} from '#shared/dictionary.ts';
import type { Connection } from '../connection.ts';
import { CliError, CliExit, UsageError, type CliContext } from '../context.ts';
import { formatTable } from '../output.ts';
import { readInput } from './words-import.ts';

/** A language by its name (any case) or its id: its id, or one clear line. */
export async function languageNamed(
  conn: Connection,
  name: string,
): Promise<{ id: number; language: string }> {
  const all = [] as Array<{ id: number; language: string }>;
  for await (const row of conn.api.languages.searchAll()) all.push(row as { id: number; language: string });
  const found =
    all.find((l) => /^\d+$/.test(name) && l.id === Number(name)) ??
    all.find((l) => l.language.trim().toLowerCase() === name.trim().toLowerCase());
  if (!found)
    throw new CliError(`No language is called ${JSON.stringify(name)}: see argus-words language list.`);
  return found;
}

/** Words of a file or of stdin: one a line, blanks and `#` comments skipped. */
async function wordsOf(file: string | undefined, ctx: CliContext): Promise<string[]> {
  let text: string;
  if (file === undefined || file === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of ctx.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    text = Buffer.concat(chunks).toString('utf8');
  } else text = await readInput(file);
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/**
 * `words check --language NAME [FILE]`: each word's verdicts by the language's dictionary (stdin
 * without FILE), as a table or JSON; `--flagged` lists only the flagged words. Exits 1 when a word
 * is flagged, so a script can stop on it.
 */
export async function wordsCheckAction(
  file: string | undefined,
  options: { language: string; format?: string; flagged?: boolean },
  conn: Connection,
): Promise<void> {
  const format = options.format ?? (conn.out.json ? 'json' : 'table');
  if (format !== 'table' && format !== 'json') throw new UsageError('--format must be table or json.');
  await conn.requireLogin();
  const language = await languageNamed(conn, options.language);
  const words = await wordsOf(file, conn.ctx);
  if (words.length === 0) throw new CliError('No words to check: give a file, or words on standard input.');
  const results: WordCheck[] = [];
  const counts = emptyVerdictCounts();
  let dictionary = null;
  for (let at = 0; at < words.length; at += MAX_CHECK_WORDS) {
    const answer = await conn.api.dictionary.check(language.id, words.slice(at, at + MAX_CHECK_WORDS));
    dictionary = answer.dictionary;
    results.push(...answer.results);
    for (const name of Object.keys(counts) as Array<keyof typeof counts>) counts[name] += answer.counts[name];
  }
  const shown = options.flagged ? results.filter((r) => r.verdicts.length > 0) : results;
  if (dictionary === null)
    conn.out.note(`${language.language} has no dictionary: only its alphabet is checked (see DICTIONARIES).`);
  conn.out.message(`${language.language}: ${verdictSummary(counts)}.`);
  if (format === 'json')
    conn.ctx.stdout.write(`${JSON.stringify({ language, dictionary, counts, results: shown }, null, 2)}\n`);
  else
    conn.ctx.stdout.write(
      formatTable(
        [
          { field: 'word', label: 'Word' },
          { field: 'verdicts', label: 'Verdicts' },
          { field: 'decision', label: 'Decision' },
        ],
        shown.map((r) => ({
          word: r.word,
          verdicts: r.verdicts.length === 0 ? 'known' : r.verdicts.join(' '),
          decision: r.decision ? `${r.decision}: ${r.reason ?? ''}` : '',
        })),
      ),
    );
  if (results.some((r) => r.verdicts.length > 0)) throw new CliExit(1);
}

/** `words decide --language NAME --accept|--exclude|--withdraw [--reason TEXT] WORD…|--file FILE`. */
export async function wordsDecideAction(
  words: string[],
  options: { language: string; decision: Decision | 'withdraw'; reason?: string; file?: string },
  conn: Connection,
): Promise<void> {
  await conn.requireLogin();
  const language = await languageNamed(conn, options.language);
  const all = [...words, ...(options.file ? await wordsOf(options.file, conn.ctx) : [])];
  if (all.length === 0) throw new UsageError('Name the words to decide on, or give --file.');
  const decision = options.decision === 'withdraw' ? null : options.decision;
  if (decision !== null && !(DECISIONS as readonly string[]).includes(decision))
    throw new UsageError('Choose --accept, --exclude or --withdraw.');
  if (decision !== null && !options.reason?.trim()) throw new UsageError('--reason is required: say why.');
  const answer: DecisionResponse = { counts: { decided: 0, unchanged: 0, rejected: 0 }, results: [] };
  for (let at = 0; at < all.length; at += MAX_CHECK_WORDS) {
    const part = await conn.api.dictionary.decide({
      languageId: language.id,
      words: all.slice(at, at + MAX_CHECK_WORDS),
      decision,
      reason: options.reason ?? '',
    });
    answer.results.push(...part.results);
    for (const key of ['decided', 'unchanged', 'rejected'] as const) answer.counts[key] += part.counts[key];
  }
  for (const result of answer.results)
    if (result.status === 'rejected')
      conn.out.note(`${JSON.stringify(result.word)}: ${result.message ?? 'rejected'}`);
  const { decided, unchanged, rejected } = answer.counts;
  conn.out.result(answer, () => `Decided ${decided}, unchanged ${unchanged}, rejected ${rejected}.\n`);
  if (rejected > 0) throw new CliExit(1);
}
