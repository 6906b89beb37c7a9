import { alphabetOf } from '#shared/alphabets.ts';
import { invalid } from '#shared/entities/input.ts';
import type { AnyEntity } from '#shared/entities/index.ts';
import { splitLetters } from '#shared/words.ts';
import { badRequest } from '../http/errors.ts';
import type { Tx } from './integrity.ts';
import type { Values } from './rows.ts';

interface Sample {
  alphabets: string[];
  letters: string;
}

/** Plain a–z letters are Latin (as `alphabetOf` finds, letter by letter): a bulk import's usual case. */
const PLAIN_LATIN = /^[a-z]+$/i;
const LATIN = ['Latin'];

/** Per unit of work: language id → the alphabet its content is written in (a bulk import asks once). */
const samples = new WeakMap<Tx, Map<number, Sample | null>>();

/**
 * The alphabet a language is written in, as its content shows it: the first word (or, without
 * words, the first letter group). SPEC gives languages no alphabet of their own; a language
 * without content, or whose first word has no letter of a known script, accepts any.
 */
async function alphabetOfLanguage(tx: Tx, languageId: number, exceptId?: number): Promise<Sample | null> {
  const cache = samples.get(tx) ?? new Map<number, Sample | null>();
  samples.set(tx, cache);
  if (exceptId === undefined && cache.has(languageId)) return cache.get(languageId)!;
  let sample: Sample | null = null;
  for (const table of ['words', 'letterGroups']) {
    let query = tx.db.selectFrom(table).select('letters').where('languageId', '=', languageId);
    if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
    const row = await query.orderBy('id').limit(1).executeTakeFirst();
    if (!row) continue;
    const letters = String(row.letters);
    const alphabets = alphabetOf(splitLetters(letters));
    sample = alphabets ? { alphabets, letters } : null;
    break;
  }
  if (exceptId === undefined) cache.set(languageId, sample);
  return sample;
}

const letterFields = new WeakMap<AnyEntity, [letters: string, language: string] | null>();

/** The letters field (a word's or a letter group's) and the language field of an entity, if it has both. */
function fieldsOf(entity: AnyEntity): [letters: string, language: string] | null {
  if (letterFields.has(entity)) return letterFields.get(entity)!;
  const entries = Object.entries(entity.fields);
  const letters = entries.find(([, f]) => f.format === 'word' || f.format === 'letter-group')?.[0];
  const language = entries.find(([, f]) => f.kind === 'fk' && f.references === 'language')?.[0];
  const fields: [string, string] | null = letters && language ? [letters, language] : null;
  letterFields.set(entity, fields);
  return fields;
}

/** Whether the entity's rows hold letters of a language (words, letter groups): the check applies. */
export const checksAlphabet = (entity: AnyEntity): boolean => fieldsOf(entity) !== null;

/**
 * Letters limited to the language's alphabet: a Cyrillic word in a language written in Latin
 * letters is a 400 that says so (with a word of the language as an example), never stored.
 */
export async function assertLanguageAlphabet(
  tx: Tx,
  entity: AnyEntity,
  values: Values,
  exceptId?: number,
): Promise<void> {
  const fields = fieldsOf(entity);
  if (!fields) return;
  const [lettersField, languageField] = fields;
  const letters = values[lettersField];
  const languageId = values[languageField];
  if (typeof letters !== 'string' || typeof languageId !== 'number') return;
  const own = PLAIN_LATIN.test(letters) ? LATIN : alphabetOf(splitLetters(letters));
  if (!own) return;
  const language = await alphabetOfLanguage(tx, languageId, exceptId);
  if (!language || own.some((name) => language.alphabets.includes(name))) return;
  const row = await tx.db
    .selectFrom('languages')
    .select('language')
    .where('id', '=', languageId)
    .executeTakeFirst();
  const name = row ? `"${String(row.language)}"` : `language ${languageId}`;
  const message =
    `is written in ${own.join('/')} letters, but ${name} is written in ${language.alphabets.join('/')} ` +
    `letters (like "${language.letters}")`;
  const { message: summary, fieldErrors } = invalid(
    entity.label.toLowerCase(),
    new Map([[lettersField, [message]]]),
  );
  throw badRequest(summary, fieldErrors);
}
