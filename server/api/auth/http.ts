import type { ErrorRequestHandler, Request, Response } from 'express';
import { z } from 'zod';

/** The messages clients see (SPEC §8 where it names them). */
export const MESSAGES = {
  badCredentials: 'User or password not correct',
  otpFailed: 'OTP verification failed. Please try again.',
  twoFactorExpired: 'Two-factor session expired or used up. Please log in again.',
  authenticationRequired: 'Authentication required.',
  invalidToken: 'Invalid or expired token.',
  notAdmin: 'Admin access with completed two-factor authentication is required.',
  tooManyAttempts: (seconds: number) => `Too many attempts. Try again in ${seconds} seconds.`,
};

export function sendError(res: Response, status: number, message: string): void {
  res.status(status).json({ message });
}

export function sendTooMany(res: Response, retryAfterSeconds: number): void {
  res.setHeader('Retry-After', String(retryAfterSeconds));
  sendError(res, 429, MESSAGES.tooManyAttempts(retryAfterSeconds));
}

/** Parses a body; on failure answers 400 `{message, fieldErrors}` and returns undefined. */
export function parseBody<T extends z.ZodType>(
  schema: T,
  req: Request,
  res: Response,
): z.infer<T> | undefined {
  const body: unknown = req.body ?? {};
  const parsed = schema.safeParse(typeof body === 'object' && !Array.isArray(body) ? body : {});
  if (parsed.success) return parsed.data;
  const { fieldErrors } = z.flattenError(parsed.error);
  res.status(400).json({ message: parsed.error.issues[0]?.message ?? 'Invalid request body.', fieldErrors });
  return undefined;
}

/** The token of `Authorization: Bearer <token>`, or null. */
export function bearerToken(req: Request): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_-]{1,200})\s*$/i.exec(req.get('authorization') ?? '');
  return match?.[1] ?? null;
}

export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** Malformed or oversized JSON is the client's fault: a JSON 4xx, like every other auth error. */
export const bodyParserErrors: ErrorRequestHandler = (error, _req, res, next) => {
  const status = Number((error as { status?: number }).status);
  if (!(status >= 400 && status < 500)) return next(error);
  const message = status === 413 ? 'Request body is too large.' : 'Request body is not valid JSON.';
  sendError(res, status, message);
};
