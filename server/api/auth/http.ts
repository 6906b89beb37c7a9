import { z } from 'zod';
import { json, type ApiAnswer, type ApiContext } from '../http/call.ts';

/** The messages clients see (SPEC §8 where it names them). */
export const MESSAGES = {
  badCredentials: 'User or password not correct',
  otpFailed: 'OTP verification failed. Please try again.',
  twoFactorExpired: 'Two-factor session expired or used up. Please log in again.',
  authenticationRequired: 'Authentication required.',
  invalidToken: 'Invalid or expired token.',
  notAdmin: 'Admin access with completed two-factor authentication is required.',
  gameToken: 'A game token may read releases only (GET releases/current/{languageId}).',
  tooManyAttempts: (seconds: number) => `Too many attempts. Try again in ${seconds} seconds.`,
};

export const authError = (status: number, message: string, headers: Record<string, string> = {}): ApiAnswer =>
  json({ message }, status, headers);

export const tooManyAttempts = (retryAfterSeconds: number): ApiAnswer =>
  authError(429, MESSAGES.tooManyAttempts(retryAfterSeconds), { 'Retry-After': String(retryAfterSeconds) });

/** Parses ctx.body with a schema: the value, or the 400 `{message, fieldErrors}` to answer. */
export function parseBody<T extends z.ZodType>(
  schema: T,
  ctx: ApiContext,
): { ok: true; value: z.infer<T> } | { ok: false; answer: ApiAnswer } {
  const body: unknown = ctx.body ?? {};
  const parsed = schema.safeParse(typeof body === 'object' && !Array.isArray(body) ? body : {});
  if (parsed.success) return { ok: true, value: parsed.data };
  const { fieldErrors } = z.flattenError(parsed.error);
  const message = parsed.error.issues[0]?.message ?? 'Invalid request body.';
  return { ok: false, answer: json({ message, fieldErrors }, 400) };
}

/** The token of `Authorization: Bearer <token>`, or null. */
export function bearerToken(ctx: ApiContext): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_-]{1,200})\s*$/i.exec(ctx.header('authorization') ?? '');
  return match?.[1] ?? null;
}
