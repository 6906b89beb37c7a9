import fc from 'fast-check';
import { entityByName, type AnyEntity, type FieldDescription } from '#shared/entities/index.ts';
import type { Values } from '../../../server/api/resources/rows.ts';
import type { Snapshot } from './snapshot.ts';

/**
 * Field values as a client may write them, every way the API's parser accepts (or refuses) one:
 * numbers, numeric strings, a referenced row by its fields (`{"language": "Spanish"}`), an alias
 * (`idLanguage`), null, junk, unknown fields and a field given twice. Generated as recipes and
 * resolved against the database as it is when the request is sent, so references hit real rows.
 */

export type Encoding = 'id' | 'string' | 'name' | 'missing' | 'null' | 'junk';

export interface FieldRecipe {
  field: string;
  /** Send it under its first alias instead of its name. */
  alias: boolean;
  encoding: Encoding;
  /** Which row (of the referenced table) or which value of the pool, modulo their number. */
  pick: number;
}

export interface RowRecipe {
  fields: FieldRecipe[];
  /** Only values the parser takes (most rows): the writes then reach the gate and the database. */
  clean: boolean;
  /** An unknown field, sent along. */
  unknown: boolean;
  /** One field written twice in the JSON text (the parser keeps the last). */
  duplicate: boolean;
}

const ENCODINGS: Encoding[] = ['id', 'id', 'id', 'string', 'string', 'name', 'missing', 'null', 'junk'];

/** Each field's values: those the parser takes first, then (`clean` rows never) those it refuses. */
const TEXTS: Record<string, { valid: readonly string[]; invalid: readonly string[] }> = {
  letters: { valid: ['tap', 'pasta', 'haus', 'eat', 'tapas', 'saum', 'pates', 'pesto'], invalid: ['x1', ''] },
  language: { valid: ['English', 'Spanish', 'german', 'Klingon', 'Spanish '], invalid: [''] },
  email: { valid: ['a@example.com', 'ana@example.com'], invalid: ['not-an-email'] },
  username: { valid: ['ana', 'admin', 'ADMIN', 'editor-en', 'newcomer'], invalid: [''] },
  role: { valid: ['common', 'admin'], invalid: ['root'] },
  requiredLetter: { valid: ['', 'first', 'last'], invalid: ['middle'] },
  checkCondition: { valid: ['', 'words::2', 'letters::4+', 'sameCharStart'], invalid: ['nonsense::'] },
};
const OTHER_TEXTS = { valid: ['', 'some text', 'ü'], invalid: ['x'.repeat(600)] };
const NUMBERS = { valid: [0, 1, 2, 3, 5, 6, 60], invalid: [-1, 2 ** 31, 1.5] };
const within = <T>(pool: { valid: readonly T[]; invalid: readonly T[] }, pick: number, clean: boolean): T => {
  const all = clean ? pool.valid : [...pool.valid, ...pool.invalid];
  return all[pick % all.length]!;
};

export const rowRecipe = (entity: AnyEntity): fc.Arbitrary<RowRecipe> => {
  const writable = Object.entries(entity.fields).filter(([, f]) => !f.readOnly);
  return fc.record({
    fields: fc
      .subarray(
        writable.map(([name]) => name),
        { minLength: 0, maxLength: writable.length },
      )
      .chain((names) =>
        fc.tuple(
          ...names.map((field) =>
            fc.record({
              field: fc.constant(field),
              alias: fc.boolean(),
              encoding: fc.constantFrom(...ENCODINGS),
              pick: fc.nat({ max: 1000 }),
            }),
          ),
        ),
      ),
    clean: fc.nat({ max: 9 }).map((n) => n < 7),
    unknown: fc.nat({ max: 9 }).map((n) => n === 0),
    duplicate: fc.boolean(),
  });
};

/** Rows of a table in the snapshot, in id order. */
export function rowsOf(snap: Snapshot, entity: AnyEntity): Values[] {
  return [...snap.rows.get(entity.resource)!.values()].sort((a, b) => Number(a.id) - Number(b.id));
}

/** A row picked from the snapshot (undefined when the table is empty). */
export function pickRow(snap: Snapshot, entity: AnyEntity, pick: number): Values | undefined {
  const rows = rowsOf(snap, entity);
  return rows.length === 0 ? undefined : rows[pick % rows.length];
}

/** The referenced row named by its natural key's fields, as a bulk row may name it. */
function byName(target: AnyEntity, row: Values): Values {
  const key = target.naturalKey ?? ['id'];
  // A word or group's letters alone may match several rows: the API must say so, not guess.
  const names = key.filter((name) => target.fields[name]?.kind !== 'fk');
  return Object.fromEntries((names.length > 0 ? names : key).map((name) => [name, row[name]]));
}

function valueOf(
  field: FieldDescription,
  name: string,
  given: FieldRecipe,
  snap: Snapshot,
  bulk: boolean,
  clean: boolean,
): unknown {
  const dirty = given.encoding === 'null' || given.encoding === 'junk' || given.encoding === 'missing';
  const recipe = clean && dirty ? { ...given, encoding: 'id' as const } : given;
  if (recipe.encoding === 'null') return null;
  if (recipe.encoding === 'junk') return recipe.pick % 2 === 0 ? 'abc' : { nested: [1] };
  if (field.kind === 'fk') {
    if (recipe.encoding === 'missing') return 900_000 + recipe.pick;
    const target = entityByName(field.references!);
    const row = pickRow(snap, target, recipe.pick);
    if (!row) return 1;
    if (recipe.encoding === 'string') return String(row.id);
    if (recipe.encoding === 'name' && bulk) return byName(target, row);
    return Number(row.id);
  }
  if (field.kind === 'bool')
    return recipe.encoding === 'string' ? String(recipe.pick % 2 === 0) : recipe.pick % 2 === 0;
  if (field.kind === 'int' || field.kind === 'number') {
    const n = within(NUMBERS, recipe.pick, clean);
    return recipe.encoding === 'string' ? String(n) : n;
  }
  return within(TEXTS[name] ?? OTHER_TEXTS, recipe.pick, clean);
}

/** The row's JSON text: its fields by name or alias, maybe an unknown one, maybe one twice. */
export function rowText(
  entity: AnyEntity,
  recipe: RowRecipe,
  snap: Snapshot,
  bulk: boolean,
  extra: Values = {},
): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(extra))
    parts.push(`${JSON.stringify(key)}:${JSON.stringify(value)}`);
  for (const f of recipe.fields) {
    const field = entity.fields[f.field]!;
    const key = f.alias && field.aliases?.length ? field.aliases[0]! : f.field;
    const value = valueOf(field, f.field, f, snap, bulk, recipe.clean);
    parts.push(`${JSON.stringify(key)}:${JSON.stringify(value)}`);
  }
  if (recipe.duplicate && recipe.fields.length > 0) {
    // The same field again, with another value: JSON.parse keeps the last.
    const f = recipe.fields[0]!;
    const again = valueOf(
      entity.fields[f.field]!,
      f.field,
      { ...f, pick: f.pick + 1 },
      snap,
      bulk,
      recipe.clean,
    );
    parts.push(`${JSON.stringify(f.field)}:${JSON.stringify(again)}`);
  }
  if (recipe.unknown) parts.push('"favouriteColour":"blue"');
  return `{${parts.join(',')}}`;
}
