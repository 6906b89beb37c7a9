import * as z from 'zod';
import { parseCheckCondition } from '../check-condition.ts';
import { groupLetters, MAX_WORD_LETTERS, normalizeWord } from '../words.ts';
import type { EntitySchemas, FieldDescription, FieldMap } from './types.ts';

// zod compiles object parsers with `new Function` once it has probed that eval works; under the
// panel's CSP (no 'unsafe-eval') the probe itself is a reported violation. Browsers parse without
// it; the flag must be set before the first schema below is built.
if (typeof document !== 'undefined') z.config({ jitless: true });

/** Largest value of a PostgreSQL `integer` column: bigger ids and counts are refused, not overflowed. */
export const INT_MAX = 2_147_483_647;
/** Longest text any field accepts unless its description says less. */
export const TEXT_MAX = 2_000;

// Forms send numbers as text ("IDs numeric", "letterCount entered as text"): digits are accepted too.
const WHOLE_NUMBER_TEXT = /^\s*[+-]?\d{1,12}\s*$/;
const DECIMAL_TEXT = /^\s*[+-]?\d{1,15}(\.\d{1,15})?\s*$/;

function whole(min: number, max: number): z.ZodType<number> {
  return z
    .union([z.int(), z.string().regex(WHOLE_NUMBER_TEXT).transform(Number)], {
      error: 'must be a whole number',
    })
    .pipe(
      z
        .int()
        .min(min, { error: `must be at least ${min}` })
        .max(max, { error: `must be at most ${max}` }),
    );
}

function decimal(min: number, max: number): z.ZodType<number> {
  return z
    .union([z.number(), z.string().regex(DECIMAL_TEXT).transform(Number)], { error: 'must be a number' })
    .pipe(
      z
        .number()
        .min(min, { error: `must be at least ${min}` })
        .max(max, { error: `must be at most ${max}` }),
    );
}

function text(field: FieldDescription): z.ZodType<string> {
  const max = field.max ?? TEXT_MAX;
  const tooLong = { error: `must be at most ${max} characters` };
  if (field.choices) {
    const choices = field.choices.map((c) => (c === '' ? '(empty)' : c)).join(', ');
    return z.enum(field.choices as [string, ...string[]], { error: `must be one of: ${choices}` });
  }
  if (field.format === 'email') return z.email({ error: 'must be an e-mail address' }).max(max, tooLong);
  const base = z.string({ error: 'must be text' }).max(max, tooLong).trim();
  switch (field.format) {
    case 'word':
      return base.transform((raw, ctx) => {
        const result = normalizeWord(raw);
        if (result?.ok) return result.word;
        ctx.addIssue({ code: 'custom', message: result ? `"${raw}" ${result.reason}` : 'is required' });
        return z.NEVER;
      });
    case 'letter-group':
      return base.transform((raw, ctx) => {
        const letters = groupLetters(raw);
        if (letters.length > 0 && letters.length <= MAX_WORD_LETTERS) return letters.join('');
        ctx.addIssue({
          code: 'custom',
          message: letters.length ? `must be at most ${MAX_WORD_LETTERS} letters` : 'must contain letters',
        });
        return z.NEVER;
      });
    case 'check-condition':
      return base.superRefine((value, ctx) => {
        const { unknown } = parseCheckCondition(value);
        if (unknown.length)
          ctx.addIssue({ code: 'custom', message: `not understood: ${unknown.join(', ')}` });
      });
    default:
      return field.required ? base.min(1, { error: 'is required' }) : base;
  }
}

/** What a request body may hold for this field (before `required` / `optional` is applied). */
export function inputSchema(field: FieldDescription): z.ZodType {
  const schema = ((): z.ZodType => {
    switch (field.kind) {
      case 'id':
      case 'fk':
        return whole(Math.max(1, field.min ?? 1), field.max ?? INT_MAX);
      case 'int':
        return whole(field.min ?? -INT_MAX, field.max ?? INT_MAX);
      case 'number':
        return decimal(field.min ?? -1e12, field.max ?? 1e12);
      case 'bool':
        return z.boolean({ error: 'must be true or false' });
      case 'text':
        return text(field);
      case 'timestamp':
        return z.iso.datetime({ offset: true, error: 'must be an ISO-8601 date and time' });
      case 'json':
        return z.json();
    }
  })();
  return field.nullable ? schema.nullable() : schema;
}

/** The value as answered. */
export function outputSchema(field: FieldDescription): z.ZodType {
  const schema = ((): z.ZodType => {
    switch (field.kind) {
      case 'id':
      case 'fk':
      case 'int':
        return z.int();
      case 'number':
        return z.number();
      case 'bool':
        return z.boolean();
      case 'text':
        return field.choices ? z.enum(field.choices as [string, ...string[]]) : z.string();
      case 'timestamp':
        return z.string().meta({ format: 'date-time' });
      case 'json':
        return z.unknown();
    }
  })();
  return (field.nullable ? schema.nullable() : schema).meta({ title: field.label });
}

/**
 * The zod schemas of an entity, derived from its fields. Bodies are strict: a key that is not a
 * writable field is an error (aliases are renamed and read-only fields dropped before, see input.ts).
 */
export function buildSchemas<F extends FieldMap>(fields: F): EntitySchemas<F> {
  const entries = Object.entries(fields);
  const writable = entries.filter(([, f]) => !f.readOnly);
  const create = z.strictObject(
    Object.fromEntries(
      writable.map(([name, f]) => [name, f.required ? inputSchema(f) : inputSchema(f).optional()]),
    ),
  );
  const update = z.strictObject(
    Object.fromEntries(writable.map(([name, f]) => [name, inputSchema(f).optional()])),
  );
  const record = z.object(Object.fromEntries(entries.map(([name, f]) => [name, outputSchema(f)])));
  // The runtime shapes match the mapped types of types.ts; TypeScript cannot follow Object.fromEntries.
  return { create, update, record } as unknown as EntitySchemas<F>;
}
