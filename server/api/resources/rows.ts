import type { Kysely } from 'kysely';
import type { AnyEntity } from '#shared/entities/index.ts';
import type { DatabaseHandle, Dialect } from '../../db/database.ts';

/** A field or table name as the database spells it (the CamelCasePlugin's mapping): letterGroups → letter_groups. */
export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A row or a record: field name → value. */
export type Values = Record<string, unknown>;

/**
 * The store works on any entity table by name, so it sees the database loosely typed; the entity
 * descriptions (checked against schema.ts in tables.test.ts) say which columns exist.
 */
export type LooseDb = Kysely<Record<string, Values>>;

export function looseDb(database: Pick<DatabaseHandle, 'db'>): LooseDb {
  return database.db as unknown as LooseDb;
}

function isoTimestamp(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(typeof value === 'number' ? value : String(value));
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

function json(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * A stored row as the API answers it, identical for both dialects: SQLite's 0/1 become booleans,
 * PostgreSQL's Dates and SQLite's ISO text become ISO-8601 strings, JSON text is parsed. Only the
 * described fields are copied, so no other column can leak.
 */
export function fromRow(entity: AnyEntity, row: Values): Values {
  const record: Values = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    const value = row[name];
    if (value === null || value === undefined) {
      record[name] = null;
      continue;
    }
    switch (field.kind) {
      case 'bool':
        record[name] = value === true || value === 1 || value === '1';
        break;
      case 'timestamp':
        record[name] = isoTimestamp(value);
        break;
      case 'json':
        record[name] = json(value);
        break;
      case 'text':
        record[name] = String(value);
        break;
      default:
        record[name] = Number(value);
    }
  }
  return record;
}

/** Validated values → column values of the dialect (better-sqlite3 cannot bind booleans). */
export function toColumns(entity: AnyEntity, dialect: Dialect, values: Values): Values {
  const columns: Values = {};
  for (const [name, value] of Object.entries(values)) {
    const field = entity.fields[name];
    if (!field || value === undefined) continue;
    if (field.kind === 'bool' && dialect === 'sqlite') columns[name] = value ? 1 : 0;
    else if (field.kind === 'json') columns[name] = value === null ? null : JSON.stringify(value);
    else columns[name] = value;
  }
  return columns;
}

/** A stored time (a Date from PostgreSQL, text from SQLite) as ISO 8601; null stays null. */
export const isoTime = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : (value instanceof Date ? value : new Date(String(value))).toISOString();
