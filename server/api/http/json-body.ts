import express, { type RequestHandler } from 'express';
import { ApiError, badRequest } from './errors.ts';

/** Create and update bodies are small; bulk bodies hold up to 5,000 rows. */
export const BODY_LIMIT = '100kb';
export const BULK_BODY_LIMIT = '8mb';

/** Entity bodies are flat; a little nesting is tolerated so the error names the field instead. */
const MAX_DEPTH = 8;

const requireJson: RequestHandler = (req, _res, next) => {
  const hasBody = req.get('content-length') !== undefined || req.get('transfer-encoding') !== undefined;
  if (hasBody && req.get('content-length') !== '0' && !req.is('application/json')) {
    return next(new ApiError(415, 'Content-Type must be application/json'));
  }
  next();
};

const checkShape: RequestHandler = (req, _res, next) => {
  if (req.body === undefined) return next(badRequest('A JSON body is required'));
  // JSON.parse keeps "__proto__" as an own key; refusing it means no code can trip over it later.
  const stack: Array<[unknown, number]> = [[req.body, 1]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_DEPTH) return next(badRequest(`The body is nested more than ${MAX_DEPTH} levels deep`));
    for (const key of Object.keys(value)) {
      if (key === '__proto__') return next(badRequest('"__proto__" is not allowed as a key'));
      stack.push([(value as Record<string, unknown>)[key], depth + 1]);
    }
  }
  next();
};

/**
 * Reads a JSON body (objects and arrays only) up to `limit`: no body → 400, another content type →
 * 415, malformed → 400, too large → 413 (the API error handler words these), hostile shapes → 400.
 */
export function jsonBody(limit: string): RequestHandler[] {
  return [requireJson, express.json({ limit, strict: true, type: 'application/json' }), checkShape];
}
