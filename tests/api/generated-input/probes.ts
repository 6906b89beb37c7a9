import { readableNumber } from '#shared/entities/messages.ts';
import type { Json, Resolve } from './arbitraries.ts';

/**
 * One request per documented limit (a path parameter's or query parameter's range, a body field's
 * length, range or item count), with that one value just past it: the server must answer 400,
 * naming the field and the limit the document gives.
 */
export interface LimitProbe {
  method: string;
  path: string;
  field: string;
  shown: string;
  query?: string;
  body?: string;
  /** The limit as a message may write it: 2147483647 or 2,147,483,647. */
  limits: string[];
}

interface Parameter {
  name: string;
  in: string;
  schema: Json;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Json }> };
}

const forms = (n: number) => [...new Set([String(n), readableNumber(n)])];
const numberOf = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** Values just past each limit of `schema`, with the limit's written forms. */
function pastLimits(schema: Json, resolve: Resolve): Array<{ value: unknown; limits: string[] }> {
  const s = resolve(schema);
  const variants = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  // A nullable value: its limits are the non-null variant's.
  if (variants)
    return variants.filter((v) => resolve(v).type !== 'null').flatMap((v) => pastLimits(v, resolve));
  const found: Array<{ value: unknown; limits: string[] }> = [];
  const max = numberOf(s.maximum);
  const min = numberOf(s.minimum);
  if ((s.type === 'integer' || s.type === 'number') && max !== undefined && max < 2 ** 53)
    found.push({ value: max + 1, limits: forms(max) });
  if ((s.type === 'integer' || s.type === 'number') && min !== undefined && min > -(2 ** 53))
    found.push({ value: min - 1, limits: forms(min) });
  const maxLength = numberOf(s.maxLength);
  if (s.type === 'string' && maxLength !== undefined && maxLength < 1_000_000)
    found.push({ value: 'x'.repeat(maxLength + 1), limits: forms(maxLength) });
  const maxItems = numberOf(s.maxItems);
  if (s.type === 'array' && maxItems !== undefined && maxItems <= 10_000)
    found.push({ value: Array.from({ length: maxItems + 1 }, (_, i) => i + 1), limits: forms(maxItems) });
  return found;
}

const shown = (value: unknown) =>
  typeof value === 'string' && value.length > 20
    ? `${value.length} characters`
    : Array.isArray(value)
      ? `${value.length} items`
      : String(value);

export function limitProbes(
  doc: { paths: Record<string, Record<string, Operation>> },
  resolve: Resolve,
): LimitProbe[] {
  const probes: LimitProbe[] = [];
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      for (const p of op.parameters ?? []) {
        if (p.in === 'header') continue;
        for (const { value, limits } of pastLimits(p.schema, resolve)) {
          const text = Array.isArray(value) ? value.join(',') : String(value);
          probes.push(
            p.in === 'path'
              ? {
                  method,
                  path: path.replace(`{${p.name}}`, encodeURIComponent(text)),
                  field: p.name,
                  shown: text,
                  limits,
                }
              : {
                  method,
                  path,
                  field: p.name,
                  shown: shown(value),
                  query: new URLSearchParams({ [p.name]: text }).toString(),
                  limits,
                },
          );
        }
      }
      const schema = op.requestBody?.content['application/json']?.schema;
      const body = schema ? resolve(schema) : undefined;
      for (const [name, property] of Object.entries((body?.properties ?? {}) as Record<string, Json>))
        for (const { value, limits } of pastLimits(property, resolve))
          probes.push({
            method,
            path,
            field: name,
            shown: shown(value),
            body: JSON.stringify({ [name]: value }),
            limits,
          });
    }
  return probes;
}
