/** field → messages, as the API answers them in `{ message, fieldErrors }`. */
export type FieldErrors = Record<string, string[]>;

export interface ApiErrorInit {
  /** HTTP status, or null when no response arrived (network failure, timeout). */
  status: number | null;
  /** The response body: parsed JSON, else its text. */
  body?: unknown;
  fieldErrors?: FieldErrors;
  /** Seconds to wait before trying again (a 429's `Retry-After`). */
  retryAfter?: number;
  /** The server's id of the failed request (`X-Request-Id`), to quote when reporting it. */
  requestId?: string;
  cause?: unknown;
}

/**
 * A failed call (SPEC §8): carries the server's response body, or, when there was no response, the
 * network error's message. `message` is the body's `message` when it has one, else the body text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number | null;
  readonly body: unknown;
  readonly fieldErrors: FieldErrors;
  readonly retryAfter?: number;
  readonly requestId?: string;

  constructor(message: string, init: ApiErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.body = init.body ?? null;
    this.fieldErrors = init.fieldErrors ?? fieldErrorsOf(init.body);
    if (init.retryAfter !== undefined) this.retryAfter = init.retryAfter;
    if (init.requestId !== undefined) this.requestId = init.requestId;
  }
}

/** `fieldErrors` of an error body, keeping only well-formed entries (`{}` when there are none). */
export function fieldErrorsOf(body: unknown): FieldErrors {
  const raw =
    typeof body === 'object' && body !== null ? (body as { fieldErrors?: unknown }).fieldErrors : null;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(raw)) {
    if (Array.isArray(messages)) errors[field] = messages.map(String);
    else if (typeof messages === 'string') errors[field] = [messages];
  }
  return errors;
}

/** A response body: JSON when it parses, else the text itself (a proxy's HTML error page, say); null when empty. */
export function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** `Retry-After` in seconds: either a number of seconds or an HTTP date (relative to now). */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(header)) return Number(header);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** What a request id may look like (ours are UUIDs; anything else short and plain is kept too). */
const REQUEST_ID = /^[\w.:-]{1,100}$/;

/** The error of a non-2xx response whose body was read as `text`. */
export function errorFromResponse(response: Response, text: string): ApiError {
  const { status, statusText, headers } = response;
  return errorFromAnswer({ status, statusText, headers, body: parseBody(text), text });
}

/**
 * The error of a non-2xx answer: its body (parsed) and, when it arrived as text, that text; an
 * answer handed over as a value is quoted as its JSON.
 */
export function errorFromAnswer(answer: {
  status: number;
  statusText?: string;
  headers: Pick<Headers, 'get'>;
  body: unknown;
  text?: string;
}): ApiError {
  const { status, body } = answer;
  const text =
    answer.text ??
    (body === null || body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body));
  const bodyMessage = (body as { message?: unknown } | null)?.message;
  const message =
    typeof bodyMessage === 'string' && bodyMessage !== ''
      ? bodyMessage
      : text.trim() !== ''
        ? text.trim()
        : `Request failed with status ${status}${answer.statusText ? ` ${answer.statusText}` : ''}`;
  const retryAfter = status === 429 ? retryAfterSeconds(answer.headers.get('Retry-After')) : undefined;
  // The body's id names the request that failed upstream of a proxy; else this answer's own.
  const bodyId = (body as { requestId?: unknown } | null)?.requestId;
  const requestId =
    typeof bodyId === 'string' && REQUEST_ID.test(bodyId)
      ? bodyId
      : (answer.headers.get('X-Request-Id') ?? undefined);
  return new ApiError(message, {
    status,
    body,
    ...(retryAfter === undefined ? {} : { retryAfter }),
    ...(requestId !== undefined && REQUEST_ID.test(requestId) ? { requestId } : {}),
  });
}

/** "30 s", "0.25 s": how long a timeout was, for messages. */
export function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

/**
 * The error of a call that got no response. Node's fetch says only "fetch failed" and keeps the
 * reason (ECONNREFUSED, a DNS failure…) in `cause`, so that is added to the message.
 */
export function errorFromFailure(error: unknown, timedOutAfterMs: number | null): ApiError {
  if (timedOutAfterMs !== null) {
    return new ApiError(`Request timed out after ${seconds(timedOutAfterMs)}`, {
      status: null,
      cause: error,
    });
  }
  if (!(error instanceof Error)) return new ApiError(String(error), { status: null, cause: error });
  const cause = error.cause instanceof Error ? error.cause : null;
  const detail = cause?.message || (cause as { code?: unknown } | null)?.code;
  const message =
    detail && !error.message.includes(String(detail)) ? `${error.message}: ${String(detail)}` : error.message;
  return new ApiError(message || 'Request failed', { status: null, cause: error });
}
