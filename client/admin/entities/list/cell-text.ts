import type { FieldDescription } from '#shared/entities/index.ts';

/**
 * How a value reads in a list cell: booleans as Yes/No, timestamps in UTC (the same text on the
 * server and in the browser, so hydration matches), missing values as nothing.
 */
export function cellText(field: FieldDescription | undefined, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field?.kind === 'timestamp' && typeof value === 'string') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
