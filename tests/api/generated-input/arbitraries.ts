import fc from 'fast-check';

/**
 * Values drawn from the published document's JSON Schemas (OpenAPI 3.1), inside their limits and
 * just outside them: what a client that read only the document might send, and what a careless or
 * hostile one would. Written against the document, not our zod schemas, so that the test holds
 * the published contract to the server.
 */

export type Json = Record<string, unknown>;
export type Resolve = (schema: Json) => Json;

const INT_EDGES = [0, -1, 2 ** 31, 2 ** 53, 1.5];

export function resolver(components: Record<string, Json>): Resolve {
  return (schema) => {
    let s = schema;
    for (let i = 0; i < 10 && typeof s.$ref === 'string'; i++) s = components[s.$ref.split('/').pop()!]!;
    return s;
  };
}

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** A value of `schema`, often within it, sometimes a limit's neighbour or another type. */
export function valueOf(schema: Json, resolve: Resolve, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  const wrongType = fc.constantFrom<unknown>(null, 'text', 7, true, [], {});
  const variants = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (variants) return fc.oneof(...variants.map((v) => valueOf(v, resolve, depth)));
  if ('const' in s) return fc.oneof(fc.constant(s.const), wrongType);
  if (Array.isArray(s.enum))
    return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...s.enum) }, fc.constant('not-a-choice'));
  switch (s.type) {
    case 'integer':
    case 'number': {
      const min = num(s.minimum) ?? -(2 ** 31);
      const max = num(s.maximum) ?? 2 ** 31 - 1;
      const inside = fc.integer({ min: Math.max(min, -1e6), max: Math.min(max, Math.max(min, -1e6) + 1e6) });
      return fc.oneof(
        { weight: 4, arbitrary: fc.oneof(inside, fc.constantFrom(min, max)) },
        fc.constantFrom(min - 1, max + 1, ...INT_EDGES),
        wrongType,
      );
    }
    case 'string': {
      const maxLength = num(s.maxLength) ?? 40;
      const format =
        s.format === 'date-time'
          ? fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
          : s.format === 'uuid'
            ? fc.uuid()
            : s.format === 'email'
              ? fc.emailAddress()
              : null;
      return fc.oneof(
        { weight: 4, arbitrary: format ?? fc.string({ maxLength: Math.min(maxLength, 30) }) },
        fc.constant('x'.repeat(Math.min(maxLength + 1, 100_000))),
        fc.constantFrom('', ' ', '2026-02-30', '../x', '\u0000', 'Ñandú'),
        wrongType,
      );
    }
    case 'boolean':
      return fc.oneof({ weight: 4, arbitrary: fc.boolean() }, fc.constantFrom('true', 1, null));
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (s.items as Json | undefined) ?? {};
      const maxItems = num(s.maxItems) ?? 5;
      return fc.oneof(
        {
          weight: 4,
          arbitrary:
            depth > 3
              ? fc.constant([])
              : fc.array(valueOf(items, resolve, depth + 1), { maxLength: Math.min(maxItems, 4) }),
        },
        fc.constant(Array.from({ length: Math.min(maxItems + 1, 10_001) }, (_, i) => i + 1)),
        wrongType,
      );
    }
    case 'object':
      return depth > 3
        ? fc.constant({})
        : fc.oneof({ weight: 4, arbitrary: objectOf(s, resolve, depth) }, wrongType);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** An object of `schema`'s properties: the required ones mostly there, the others sometimes, now and then one it does not know. */
export function objectOf(schema: Json, resolve: Resolve, depth = 0): fc.Arbitrary<Json> {
  const s = resolve(schema);
  const properties = (s.properties ?? {}) as Record<string, Json>;
  const required = new Set((s.required ?? []) as string[]);
  const entries = Object.entries(properties).map(([name, property]) =>
    fc.tuple(
      fc.constant(name),
      valueOf(property, resolve, depth + 1),
      fc.integer({ min: 0, max: 9 }).map((n) => (required.has(name) ? n > 0 : n > 5)),
    ),
  );
  return fc
    .tuple(
      fc.tuple(...entries),
      fc.option(fc.constantFrom('unknownField', '__proto__', 'constructor'), { freq: 8 }),
    )
    .map(([fields, extra]) => {
      const value: Json = {};
      for (const [name, v, present] of fields)
        if (present) Object.defineProperty(value, name, { value: v, enumerable: true, writable: true });
      if (extra) Object.defineProperty(value, extra, { value: 1, enumerable: true, writable: true });
      return value;
    });
}

/** A path or query parameter as text: mostly a value of its schema, sometimes anything. */
export function parameterOf(
  schema: Json,
  resolve: Resolve,
  fixtureIds: readonly number[],
): fc.Arbitrary<string> {
  const s = resolve(schema);
  const text = (value: unknown) =>
    Array.isArray(value) ? value.join(',') : typeof value === 'string' ? value : JSON.stringify(value);
  const drawn = valueOf(s, resolve).map(text);
  if (s.type === 'integer')
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...fixtureIds.map(String)) },
      drawn,
      fc.constantFrom('0', '-1', '01', '1e3', 'abc', '2147483648'),
    );
  return fc.oneof({ weight: 3, arbitrary: drawn }, fc.constantFrom('', '%00', 'a'.repeat(300)));
}
