import pg from 'pg';
import { ACCESS_CHANNEL } from './migrations/0016-access-notices.ts';

/** Wait before listening again after the listening connection broke. */
const RELISTEN_MS = 1000;
/**
 * The listening connection is asked `select 1` this often and given this long to answer: one that
 * went quiet without breaking (a frozen server, a half-open link the OS would notice only after
 * hours of keep-alive) is replaced, so no notice is missed for longer than twice this.
 */
const PROBE_MS = 5000;

export interface AccessChanges {
  /**
   * A value that moves whenever something that may end an admin's access may have committed:
   * what requireAdmin remembers is kept only while it stands (until-commit.ts).
   */
  counter(): string;
  /** This process finished a statement that may have written (before its answer is sent). */
  wrote(): void;
  close(): Promise<void>;
}

/**
 * PostgreSQL's counterpart of SQLite's data_version for requireAdmin: the counter moves
 * - when this process has run a statement that may write, any table (the pool's clients say so:
 *   {@link writeAwareClient}), so its own logout, revocation or demotion holds from its next request;
 * - when PostgreSQL notifies a commit to an access table by anyone else (migration 0016), which it
 *   delivers to this listening connection as the commit completes;
 * - and on every read while that connection is down (broken, not yet listening, or quiet past
 *   its probe): nothing is remembered until it listens again, a second later.
 */
export function accessChanges(
  connectionString: string,
  {
    schema,
    onConnectionError = () => undefined,
  }: { schema?: string; onConnectionError?: (error: Error) => void },
): AccessChanges {
  // Named for pg_stat_activity (operators, and tests that break it on purpose).
  const applicationName = schema ? `argus-words-access ${schema}` : 'argus-words-access';
  let generation = 0;
  let unremembered = 0;
  let listening = false;
  let closed = false;
  let client: pg.Client | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let probe: ReturnType<typeof setInterval> | undefined;
  const moved = () => void (generation += 1);

  const down = (broken: pg.Client) => {
    if (client !== broken) return;
    listening = false;
    client = null;
    clearInterval(probe);
    moved();
    broken.end().catch(() => undefined);
    if (!closed) retry = setTimeout(listen, RELISTEN_MS).unref();
  };

  async function listen() {
    const next = new pg.Client({
      connectionString,
      application_name: applicationName,
      keepAlive: true,
      query_timeout: PROBE_MS,
    });
    client = next;
    next.on('notification', moved);
    next.on('error', (error) => {
      onConnectionError(error);
      down(next);
    });
    next.on('end', () => down(next));
    try {
      await next.connect();
      await next.query(`listen ${ACCESS_CHANNEL}`);
      if (client === next && !closed) {
        moved();
        listening = true;
        probe = setInterval(() => void next.query('select 1').catch(() => down(next)), PROBE_MS).unref();
      }
    } catch {
      down(next);
    }
  }
  let started = false;

  return {
    // Listens from the first question on: only a server answering requests asks (not the CLI).
    counter() {
      if (!started && !closed) {
        started = true;
        void listen();
      }
      return listening ? `pg:${generation}` : `pg-unheard:${(unremembered += 1)}`;
    },
    wrote: moved,
    async close() {
      closed = true;
      listening = false;
      if (retry) clearTimeout(retry);
      clearInterval(probe);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}

/** Statements that never write: the lists, lookups and settings this server runs. */
const READ_ONLY = /^\s*(select|show|set|listen|values)\b/i;

/**
 * pg's Client, telling `wrote` once any statement that may write has finished (a commit, an
 * insert, an update…; anything not known to be read-only counts), before its caller sees the answer.
 */
export function writeAwareClient(wrote: () => void): typeof pg.Client {
  return class WriteAwareClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      const query = this.query.bind(this) as (...args: unknown[]) => unknown;
      this.query = ((...args: unknown[]) => {
        const first = args[0] as string | { text?: string } | undefined;
        const text = typeof first === 'string' ? first : first?.text;
        if (typeof text === 'string' && READ_ONLY.test(text)) return query(...args);
        const last = args.length - 1;
        const callback = args[last];
        if (typeof callback === 'function') {
          args[last] = (...answer: unknown[]) => {
            wrote();
            (callback as (...a: unknown[]) => void)(...answer);
          };
          return query(...args);
        }
        const result = query(...args);
        if (result instanceof Promise) return result.finally(wrote);
        wrote();
        return result;
      }) as typeof this.query;
    }
  };
}
