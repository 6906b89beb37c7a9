import * as z from 'zod';
import { parseCheckCondition } from '../check-condition.ts';
import { parseLetterGroup, parseWord } from '../words.ts';
import { FIELD_MESSAGES as M } from './messages.ts';
import { cleanText, textLength } from './text-rules.ts';
import { cleanName } from '../names.ts';
import type {
  AnyEntity,
  AnyEntitySchemas,
  EntityDescription,
  EntitySchemas,
  FieldDescription,
  FieldMap,
} from './types.ts';

import { INT_MAX, TEXT_MAX } from './limits.ts';

export { INT_MAX, TEXT_MAX };

// Forms send numbers as text ("IDs numeric", "letterCount entered as text"): digits are accepted too.
const WHOLE_NUMBER_TEXT = /^\s*[+-]?\d{1,30}\s*$/;
const DECIMAL_TEXT = /^\s*[+-]?\d{1,30}(\.\d{1,30})?\s*$/;

/** A zod error option: 'is required' when the value is missing, else `message`. */
const unless = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? M.required : message),
});

function bounded(schema: z.ZodNumber, min: number, max: number): z.ZodNumber {
  return schema.min(min, { error: M.atLeast(min) }).max(max, { error: M.atMost(max) });
}

function whole(min: number, max: number): z.ZodType<number> {
  // Any JSON number first (1e20 is "at most 2,147,483,647", not zod's "expected int <= 2^53").
  return z
    .union([z.number(), z.string().regex(WHOLE_NUMBER_TEXT).transform(Number)], unless(M.wholeNumber))
    .pipe(bounded(z.number(), min, max))
    .pipe(z.number().refine(Number.isInteger, { error: M.wholeNumber }));
}

function decimal(min: number, max: number): z.ZodType<number> {
  return z
    .union([z.number(), z.string().regex(DECIMAL_TEXT).transform(Number)], unless(M.number))
    .pipe(bounded(z.number(), min, max));
}

/** Text as a person typed it: cleaned by `cleanText` (trimmed, NFC), then measured (nothing is cut). */
function cleaned(field: FieldDescription): z.ZodType<string> {
  const max = field.max ?? TEXT_MAX;
  return z.string(unless(M.text)).transform((raw, ctx) => {
    const result = cleanText(raw);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.reason });
      return z.NEVER;
    }
    const length = textLength(result.text);
    if (length > max) {
      ctx.addIssue({ code: 'custom', message: M.tooLong(max, length) });
      return z.NEVER;
    }
    if (field.required && result.text === '') {
      ctx.addIssue({ code: 'custom', message: M.required });
      return z.NEVER;
    }
    return result.text;
  });
}

/** A word or letter group: `parse` gives the stored form or says why the text is not one. */
function letters(
  field: FieldDescription,
  parse: (text: string) => { ok: true; value: string } | { ok: false; reason: string },
) {
  return cleaned(field).transform((text, ctx) => {
    const result = parse(text);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: result.reason });
    return z.NEVER;
  });
}

function text(field: FieldDescription): z.ZodType<string> {
  if (field.choices) {
    return z.enum(field.choices as [string, ...string[]], unless(M.oneOf(field.choices)));
  }
  const base = cleaned(field);
  switch (field.format) {
    case 'email':
      return base.pipe(z.email({ error: M.email }));
    case 'word':
      return letters(field, (raw) => {
        const result = parseWord(raw);
        return result.ok ? { ok: true, value: result.word } : result;
      });
    case 'letter-group':
      return letters(field, (raw) => {
        const result = parseLetterGroup(raw);
        return result.ok ? { ok: true, value: result.letters.join('') } : result;
      });
    case 'username':
      return base.transform((text, ctx) => {
        if (text === '') return text;
        const result = cleanName(text, { min: 1, max: field.max ?? TEXT_MAX });
        if (result.ok) return result.name;
        ctx.addIssue({ code: 'custom', message: result.reason });
        return z.NEVER;
      });
    case 'check-condition':
      return base.superRefine((value, ctx) => {
        const { unknown } = parseCheckCondition(value);
        if (unknown.length) ctx.addIssue({ code: 'custom', message: M.notUnderstood(unknown) });
      });
    default:
      return base;
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
        return z.boolean(unless(M.bool));
      case 'text':
        return text(field);
      case 'timestamp':
        return z.iso.datetime({ offset: true, ...unless(M.dateTime) });
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
  // Any JSON value already admits null: `nullable` would document an empty schema beside it.
  const nullable = field.nullable && field.kind !== 'json';
  return (nullable ? schema.nullable() : schema).meta({ title: field.label });
}

const built = new WeakMap<object, AnyEntitySchemas>();

/**
 * An entity's zod schemas, built on first use. They live apart from the descriptions so that code
 * which only reads descriptions (the panel's lists, the CLI's `--help`) never loads zod: the browser
 * loads this module only when a form is first checked.
 */
export function schemasOf<F extends FieldMap>(entity: EntityDescription<F>): EntitySchemas<F>;
export function schemasOf(entity: AnyEntity): AnyEntitySchemas;
export function schemasOf(entity: EntityDescription): AnyEntitySchemas {
  let schemas = built.get(entity.fields);
  if (!schemas) {
    // zod compiles object parsers with `new Function` once it has probed that eval works; under
    // the panel's CSP (no 'unsafe-eval') the probe itself is a reported violation. Browsers parse
    // without it; the flag must be set before the first schema is built.
    if (typeof document !== 'undefined') z.config({ jitless: true });
    schemas = buildSchemas(entity.fields) as unknown as AnyEntitySchemas;
    built.set(entity.fields, schemas);
  }
  return schemas;
}

/**
 * The zod schemas of an entity, derived from its fields. Bodies are strict: a key that is not a
 * writable field is an error (aliases are renamed and read-only fields dropped before, see input.ts).
 */
function buildSchemas<F extends FieldMap>(fields: F): EntitySchemas<F> {
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
