import type { ApiContext, Step } from './call.ts';
import { ApiError, badRequest, BODY_ERRORS } from './errors.ts';

/** Create and update bodies are small; bulk bodies hold up to 5,000 rows. */
export const BODY_LIMIT = 100 * 1024;
export const BULK_BODY_LIMIT = 8 * 1024 * 1024;

/** Entity bodies are flat; a little nesting is tolerated so the error names the field instead. */
const MAX_DEPTH = 8;

type JsonRead = { ok: true; value: unknown } | { ok: false; status: number; type: string };

const JSON_TYPE = /^\s*application\/json\s*(;|$)/i;
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

const isJson = (ctx: ApiContext): boolean => JSON_TYPE.test(ctx.header('content-type') ?? '');

/** The request carries a body (by its headers), as body-parser decides. */
export const hasBody = (ctx: ApiContext): boolean =>
  ctx.header('content-length') !== undefined || ctx.header('transfer-encoding') !== undefined;

/**
 * A JSON body read as body-parser's json() reads one (strict: objects and arrays; an empty body is
 * `{}`; UTF-8 only). `undefined` when there is no JSON body (no body, or another content type).
 */
export async function readJson(ctx: ApiContext, limit: number): Promise<JsonRead | undefined> {
  if (!hasBody(ctx) || !isJson(ctx)) return undefined;
  const charset = CHARSET.exec(ctx.header('content-type')!)?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8') {
    return { ok: false, status: 415, type: 'charset.unsupported' };
  }
  const raw = await ctx.readBody(limit);
  if ('error' in raw) return { ok: false, ...raw.error };
  const text = raw.bytes?.toString('utf8') ?? '';
  if (text.length === 0) return { ok: true, value: {} };
  if (!/^[\s\uFEFF]*[{[]/.test(text)) return { ok: false, status: 400, type: 'entity.parse.failed' };
  try {
    return { ok: true, value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown };
  } catch {
    return { ok: false, status: 400, type: 'entity.parse.failed' };
  }
}

/** Hostile shapes: too deep, or a `__proto__` key (JSON.parse keeps it as an own key). */
function checkShape(body: unknown): void {
  const stack: Array<[unknown, number]> = [[body, 1]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_DEPTH) throw badRequest(`The body is nested more than ${MAX_DEPTH} levels deep`);
    for (const key of Object.keys(value)) {
      if (key === '__proto__') throw badRequest('"__proto__" is not allowed as a key');
      stack.push([(value as Record<string, unknown>)[key], depth + 1]);
    }
  }
}

/**
 * Reads a JSON body (objects and arrays only) up to `limit` into ctx.body: no body → 400, another
 * content type → 415, malformed → 400, too large → 413, hostile shapes → 400.
 */
export function jsonBody(limit: number): Step {
  return async (ctx) => {
    if (hasBody(ctx) && ctx.header('content-length') !== '0' && !isJson(ctx)) {
      throw new ApiError(415, 'Content-Type must be application/json');
    }
    const read = await readJson(ctx, limit);
    if (read === undefined) throw badRequest('A JSON body is required');
    // A body that stopped arriving: errors.ts answers it with the request's id to quote.
    if (!read.ok && read.type === 'request.timeout') throw Object.assign(new Error('body timeout'), read);
    if (!read.ok) throw new ApiError(read.status, BODY_ERRORS[read.type] ?? 'The body could not be read');
    checkShape(read.value);
    ctx.body = read.value;
  };
}
