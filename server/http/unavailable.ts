/**
 * Failures of a component the server depends on (the database, the session store), as opposed to
 * bugs: the request in flight gets a 503 naming the component and the request id, the process
 * goes on, and the component's client reconnects by itself.
 */
export class ServiceUnavailable extends Error {
  readonly status = 503;
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
  }
}

export const DATABASE_UNAVAILABLE = 'The database is unavailable';
export const SESSION_STORE_UNAVAILABLE = 'The session store is unavailable';

// SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, restart),
// 53300 (too many connections), 57014 (statement timeout).
const PG_UNAVAILABLE = /^(08...|57P0[1-4]|53300|57014)$/;
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|FULL|READONLY|IOERR|CANTOPEN|PROTOCOL)/;
const NETWORK = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN)$/;
const PG_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Client was closed|Connection ended/i;
const REDIS_MESSAGES =
  /Connection is closed|Command timed out|enableOfflineQueue|Reached the max retries per request|ECONNREFUSED/i;

/** The 503 message for an error of the database or the session store, or null for anything else. */
export function unavailableMessage(error: unknown): string | null {
  if (error instanceof ServiceUnavailable) return error.message;
  const { code, message, name } = (error ?? {}) as { code?: unknown; message?: unknown; name?: unknown };
  if (typeof code === 'string' && (PG_UNAVAILABLE.test(code) || SQLITE_UNAVAILABLE.test(code))) {
    return DATABASE_UNAVAILABLE;
  }
  if (name === 'MaxRetriesPerRequestError') return SESSION_STORE_UNAVAILABLE;
  if (typeof message === 'string') {
    if (PG_MESSAGES.test(message)) return DATABASE_UNAVAILABLE;
    if (REDIS_MESSAGES.test(message)) return SESSION_STORE_UNAVAILABLE;
  }
  if (typeof code === 'string' && NETWORK.test(code)) return DATABASE_UNAVAILABLE;
  return null;
}
