import * as z from 'zod';
import type { AnyEntity } from '#shared/entities/index.ts';
import { INT_MAX } from '#shared/entities/schemas.ts';
import { FIELD_MESSAGES, readableNumber } from '#shared/entities/messages.ts';
import type { Input, Step } from './call.ts';

/**
 * One operation of the content API, declared once (issue 44): its method and path, the zod schemas
 * of its parameters, query, body and of each answer, who may call it, whether the panel may reach
 * it, its rate limit, and its OpenAPI words. From the declaration the dispatcher (dispatch.ts)
 * serves it to Express and to the panel in process, validating with those schemas; the panel's
 * allow-list is a filter over the declarations (server/proxy/allowed-routes.ts); openapi.json is
 * generated from them (server/api/openapi/document.ts). The code that answers is bound to the
 * declaration apart (`implement`), so the declarations can be read without a database: the proxy
 * in front of an external backend reads them too.
 */

export type Method = 'get' | 'post' | 'put' | 'delete';

export interface ResponseSpec {
  description: string;
  /** The JSON answer; absent with `content` (another media type) or for no body (204). */
  schema?: z.ZodType;
  /** Media types other than JSON (an export): type → what it holds. */
  content?: Record<string, string>;
  headers?: Record<string, { description: string; schema: z.ZodType }>;
}

/**
 * Who may call: anyone; any active admin or token (requireAdmin); an administrator (in person
 * only: `-session`); or a release reader (a game token, or any panel account: the game's reads).
 */
export type Caller = 'anyone' | 'admin' | 'administrator' | 'administrator-session' | 'release-reader';

export interface RateLimitSpec {
  keyPrefix: string;
  points: number;
  duration: number;
  /** The 429's message, from the seconds to wait. */
  message: (seconds: number) => string;
  /** Counted per account or token (`limitKey`), or per name (an account and its tokens together). */
  by?: 'limitKey' | 'username';
}

export interface OperationSpec {
  method: Method;
  /** Under the API prefix, in Express's syntax (`/words/cms/:id`). */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  /** Listed in SPEC §7; anything else is marked `x-extension`. */
  contract?: boolean;
  caller: Caller;
  /** A public operation that reads a bearer token of its own (the session routes). */
  bearer?: boolean;
  /** Takes the game's `X-Player-Id` (a staged rollout's share is chosen by it). */
  playerHeader?: boolean;
  /** For an administrator's operation: what only administrators may do, as refusals say it ("use the trash"). */
  administers?: string;
  /** The table whose permission the caller needs (a viewer reads, an editor writes): 403 otherwise. */
  access?: { entity: AnyEntity; access: 'read' | 'write' };
  /** The panel's proxy forwards it (its reads and writes); `stream`: relayed as it arrives. */
  panel?: 'read' | 'write';
  stream?: boolean;
  /** Writes that join the client's change set (`X-Change-Set`, `X-Change-Set-Command`). */
  changeSet?: boolean;
  /** Takes `If-Match` (a record's version). */
  ifMatch?: boolean;
  params?: z.ZodObject;
  /**
   * The query string it takes: checked by `schema`, or by `parse` where a parser of its own gives
   * the messages people read (a list's filters by name or alias); the schema documents the same rules.
   */
  query?: { schema: z.ZodObject; parse?: (value: Record<string, unknown>) => unknown };
  /**
   * The JSON body it takes, up to `limit` bytes (without one, a request with a body is a 400):
   * checked by `schema`, or by `parse` where the schema documents more than zod can check alone
   * (an entity's aliases, bulk rows judged one by one); `what` names it in messages.
   */
  body?: {
    schema: z.ZodType;
    limit: number;
    what: string;
    parse?: (value: unknown) => unknown;
    /** The body may be left out (the session routes: the token may come as the bearer instead). */
    optional?: boolean;
  };
  responses: Record<number, ResponseSpec>;
  rateLimit?: RateLimitSpec;
}

/** A declaration and the steps that answer it (after the ones the declaration implies). */
export interface ApiOperation {
  spec: OperationSpec;
  steps: Step[];
}

export const declare = <S extends OperationSpec>(spec: S): S => spec;

type Parsed<T> = T extends z.ZodType ? z.output<T> : Record<string, never>;

/** What the declaration's schemas make of a request: `ctx.input` in its operation's steps. */
export interface InputOf<S extends OperationSpec> extends Input {
  params: Parsed<S['params']>;
  query: S['query'] extends { parse: (value: Record<string, unknown>) => infer Q }
    ? Q
    : S['query'] extends { schema: infer Q }
      ? Parsed<Q>
      : Record<string, never>;
  body: S['body'] extends { parse: (value: unknown) => infer B }
    ? B
    : S['body'] extends { schema: infer B }
      ? Parsed<B>
      : undefined;
}

/** Binds the steps that answer to a declaration; they read `ctx.input` as its schemas typed it. */
export const implement = <S extends OperationSpec>(
  spec: S,
  ...steps: Array<Step<InputOf<S>>>
): ApiOperation => ({
  spec,
  steps: steps as Step[],
});

// ---- Parameters every area uses ----

const digits = (max: number) => new RegExp(`^\\d{1,${String(max).length}}$`);

/**
 * A row id in a path: 1 … 2,147,483,647 written in digits (`0`, `-1`, `1e3`, `abc` are 400s).
 * Parsed to a number; documented as the integer it is.
 */
export function idOf(what = 'id') {
  const message = `The ${what} ${FIELD_MESSAGES.anId}`;
  return z
    .string()
    .regex(digits(INT_MAX), { error: message })
    .transform(Number)
    .pipe(z.int().min(1, { error: message }).max(INT_MAX, { error: message }));
}

export const idParams = (what?: string) => z.strictObject({ id: idOf(what) });

/** A whole number in a query string, `min` … `max` (digits only). */
export const wholeQuery = (min: number, max: number) => {
  const message = `must be a whole number from ${readableNumber(min)} to ${readableNumber(max)}`;
  return z
    .string()
    .regex(/^\d{1,10}$/, { error: message })
    .transform(Number)
    .pipe(z.int().min(min, { error: message }).max(max, { error: message }));
};

/**
 * A query parameter sent empty (`?languageId=`, as a form with a blank field sends it) means the
 * same as one not sent: what the lists' parsers do, published in the schema too.
 */
export const emptyIsAbsent = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** `page` (zero-based) and `size` of a list, from the query string. */
export function pagingQuery(defaultSize: number, maxSize: number) {
  return {
    page: wholeQuery(0, 100_000_000).default(0).meta({ description: 'Zero-based.' }),
    size: wholeQuery(1, maxSize).default(defaultSize),
  };
}
