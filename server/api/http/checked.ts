import type * as z from 'zod';
import { invalid, zodFieldErrors } from '#shared/entities/input.ts';
import { badRequest } from './errors.ts';

/** The value parsed by `schema`, or a 400 naming each wrong part of the `what` and its limit. */
export function checked<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const article = /^[aeiou]/i.test(what) ? 'an' : 'a';
  const { message, fieldErrors } = invalid(what, zodFieldErrors(result.error, `${article} ${what}`));
  throw badRequest(message, fieldErrors);
}
