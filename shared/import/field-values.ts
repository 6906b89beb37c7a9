import type { FieldDescription } from '#shared/entities/index.ts';
import { ImportError } from './errors.ts';

/** A value typed by the field's kind; `null` for nullable fields given as `null`. */
export function typedValue(name: string, field: FieldDescription, raw: string): unknown {
  if (field.nullable && raw === 'null') return null;
  switch (field.kind) {
    case 'bool': {
      const value = { true: true, yes: true, '1': true, false: false, no: false, '0': false }[
        raw.toLowerCase()
      ];
      if (value === undefined) throw new ImportError(`${name} must be true or false, not "${raw}"`);
      return value;
    }
    case 'id':
    case 'fk':
    case 'int':
      if (!/^-?\d{1,15}$/.test(raw.trim()))
        throw new ImportError(`${name} must be a whole number, not "${raw}"`);
      return Number(raw);
    case 'number': {
      const value = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(value))
        throw new ImportError(`${name} must be a number, not "${raw}"`);
      return value;
    }
    case 'json':
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        throw new ImportError(`${name} must be JSON, not "${raw}"`);
      }
    default:
      return raw;
  }
}
