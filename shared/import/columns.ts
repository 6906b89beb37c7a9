import { entityByName, fieldNames, type AnyEntity, type FieldDescription } from '#shared/entities/index.ts';
import { ImportError } from './errors.ts';
import { typedValue } from './field-values.ts';

/**
 * What each column of an import file means, from the entity's description alone: `id` (the row to
 * update), a field (its name or an alias, any case), a read-only field (ignored: the server keeps
 * it), or a reference written by the referenced row's field — `stage.number`, `language.language`,
 * `user.username` (the reference field, with or without its `Id`, a dot, a field of the referenced
 * table). Anything else refuses the whole file, naming the table's fields.
 */
export type Column =
  | { kind: 'id' }
  | { kind: 'field'; name: string; field: FieldDescription }
  | { kind: 'ignored'; name: string }
  | { kind: 'ref'; name: string; target: AnyEntity; targetField: string; field: FieldDescription };

export class ColumnReader {
  private readonly known = new Map<string, Column>();
  private readonly names: ReadonlyMap<string, string>;
  private readonly lower = new Map<string, string>();

  constructor(private readonly entity: AnyEntity) {
    this.names = fieldNames(entity);
    for (const [name, field] of this.names) this.lower.set(name.toLowerCase(), field);
  }

  /** The column's meaning; an unknown one throws a ImportError naming the table's fields. */
  column(header: string): Column {
    let column = this.known.get(header);
    if (!column) {
      column = this.resolve(header.trim());
      this.known.set(header, column);
    }
    return column;
  }

  /** The fields read-only in this file's columns (reported once: they are not written). */
  ignored(): string[] {
    return [...this.known.values()].flatMap((c) => (c.kind === 'ignored' ? [c.name] : []));
  }

  private fieldOf(name: string): string | undefined {
    return this.names.get(name) ?? this.lower.get(name.toLowerCase());
  }

  private resolve(header: string): Column {
    const name = this.fieldOf(header);
    if (name === 'id') return { kind: 'id' };
    if (name !== undefined) {
      const field = this.entity.fields[name]!;
      return field.readOnly ? { kind: 'ignored', name } : { kind: 'field', name, field };
    }
    const dot = header.indexOf('.');
    if (dot > 0) {
      const head = header.slice(0, dot);
      const ref = this.fieldOf(head) ?? this.fieldOf(`${head}Id`);
      const field = ref === undefined ? undefined : this.entity.fields[ref];
      if (field?.kind === 'fk' && field.references) {
        const target = entityByName(field.references);
        const targetField = fieldNames(target).get(header.slice(dot + 1));
        const described = targetField === undefined ? undefined : target.fields[targetField];
        if (described && targetField !== undefined)
          return { kind: 'ref', name: ref!, target, targetField, field: described };
        throw new ImportError(
          `Unknown column "${header}": ${header.slice(dot + 1)} is not a field of ${target.labelPlural.toLowerCase()} ` +
            `(${Object.keys(target.fields).join(', ')})`,
        );
      }
    }
    throw new ImportError(`Unknown column "${header}": ${this.fieldsText()}`);
  }

  private fieldsText(): string {
    const entity = this.entity;
    const refs = Object.entries(entity.fields).filter(([, f]) => f.kind === 'fk');
    const example = refs[0]
      ? `; a reference may also name the row by a field of it, e.g. ${refs[0][0].replace(/Id$/, '')}.${
          entityByName(refs[0][1].references!).naturalKey?.[0] ?? 'id'
        }`
      : '';
    return `the fields of ${entity.labelPlural.toLowerCase()} are ${Object.keys(entity.fields).join(', ')}${example}`;
  }
}

/** A target's single text natural key (a language's name, a user's username), if it has one. */
function textKeyOf(target: AnyEntity): string | undefined {
  const key = target.naturalKey;
  return key?.length === 1 && target.fields[key[0]!]?.kind === 'text' ? key[0] : undefined;
}

/** A CSV cell as the field's value: empty is null (nullable), '' (text) or left out (the rest). */
function cellValue(name: string, field: FieldDescription, text: string): unknown {
  if (text === '') return field.nullable ? null : field.kind === 'text' ? '' : undefined;
  return typedValue(name, field, text);
}

/**
 * One file row → one bulk row: values typed by their field's kind (CSV text), references by a
 * field of the referenced row gathered into `{ field: value }` objects, a reference whose value
 * is not a number taken as the target's text natural key (`languageId` = `English`). Throws a
 * ImportError naming the field and the kind expected.
 */
export function bulkRowOf(
  reader: ColumnReader,
  values: Record<string, unknown>,
  fromText: boolean,
): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  const refs = new Map<string, Record<string, unknown>>();
  for (const [header, raw] of Object.entries(values)) {
    const column = reader.column(header);
    if (column.kind === 'ignored') continue;
    if (column.kind === 'id') {
      const id = fromText ? cellValue('id', { kind: 'id', label: 'ID' }, String(raw)) : raw;
      if (id !== undefined && id !== null) row.id = id;
      continue;
    }
    if (column.kind === 'ref') {
      const value = fromText ? cellValue(header, column.field, String(raw)) : raw;
      if (value === undefined || (value === '' && fromText)) continue;
      refs.set(column.name, { ...refs.get(column.name), [column.targetField]: value });
      continue;
    }
    const { name, field } = column;
    let value: unknown;
    if (field.kind === 'fk' && typeof raw === 'string' && !/^\s*\d+\s*$/.test(raw) && raw !== '') {
      const key = textKeyOf(entityByName(field.references!));
      if (key === undefined) throw new ImportError(`${name} must be a whole number (an id), not "${raw}"`);
      value = { [key]: raw };
    } else value = fromText ? cellValue(name, field, String(raw)) : raw;
    if (value !== undefined) row[name] = value;
  }
  for (const [name, ref] of refs) {
    if (row[name] !== undefined && row[name] !== null)
      throw new ImportError(`${name} is given twice: by id and by ${Object.keys(ref).join(', ')}`);
    row[name] = ref;
  }
  return row;
}
