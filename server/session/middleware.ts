import { randomBytes } from 'node:crypto';
import type { CookieOptions, ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { openRedis } from '../redis.ts';
import { readOrCreateSecret } from '../secrets.ts';
import { RedisSessionStore } from './redis-store.ts';
import { redisRefreshLock, type RefreshLock } from './refresh-lock.ts';
import { isExpired } from './session-data.ts';
import { SqliteSessionStore } from './sqlite-store.ts';

export interface PanelSession {
  /** express-session, then the idle/absolute lifetime check. Mount under the panel prefix only. */
  middleware: Array<RequestHandler | ErrorRequestHandler>;
  store: session.Store;
  /** Leases one session's token refresh across every instance sharing the store. */
  refreshLock: RefreshLock;
  cookieName: string;
  /** Ends the session: removed from the store (tombstoned) and, given the response, the cookie cleared. */
  end(req: Request, res: Response | null): Promise<void>;
  clearCookie(res: Response): void;
  /** A new session id (after the password step and after the OTP step), the old one destroyed. */
  regenerate(req: Request, options: { keepData: boolean }): Promise<void>;
  save(req: Request): Promise<void>;
  /** Resolves when the session store answers (readiness). */
  ping(): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * The cookie is `__Host-`-prefixed and Secure whenever the site is served over HTTPS, decided by
 * PUBLIC_BASE_URL: an https base URL means TLS is terminated in front of the server, which must
 * then be told through TRUST_PROXY so that `req.secure` is true (express-session never sends a
 * Secure cookie over what it believes is plain HTTP).
 */
export function createPanelSession(deps: {
  config: Config;
  clock: () => number;
  logger: Logger;
}): PanelSession {
  const { config, clock, logger } = deps;
  const secure = config.public.baseUrl.startsWith('https://');
  if (secure && config.trustProxy === 0) {
    logger.warn(
      'PUBLIC_BASE_URL is https but TRUST_PROXY is 0: the panel cookie is only sent over direct TLS',
    );
  }
  const cookieName = secure ? '__Host-argus-panel' : 'argus-panel';
  const cookie: CookieOptions = { httpOnly: true, sameSite: 'strict', path: '/', secure };
  const secret =
    config.sessionSecret ?? readOrCreateSecret(config.dataDir, 'session.secret', 32).toString('base64');

  let store: session.Store;
  let refreshLock: RefreshLock;
  let ping: () => Promise<unknown>;
  let closeStore: () => Promise<void>;
  if (config.redisUrl) {
    const redis = openRedis(config.redisUrl, config.redisKeyPrefix, logger, {
      commandTimeoutMs: config.redisCommandTimeoutMs,
    });
    store = new RedisSessionStore(redis, clock);
    refreshLock = redisRefreshLock(redis);
    ping = () => redis.client.ping();
    closeStore = redis.close;
  } else {
    const sqlite = new SqliteSessionStore(config.dataDir, clock);
    store = sqlite;
    refreshLock = sqlite.refreshLock;
    ping = async () => sqlite.ping();
    closeStore = async () => sqlite.close();
  }

  const sessionMiddleware = session({
    name: cookieName,
    secret,
    store,
    // 256 random bits, base64url: well above the 128 bits asked for.
    genid: () => randomBytes(32).toString('base64url'),
    resave: false,
    saveUninitialized: false,
    rolling: false,
    unset: 'destroy',
    // No maxAge: a browser-session cookie; the server enforces the idle and absolute limits.
    cookie,
  });

  const regenerate = (req: Request, { keepData }: { keepData: boolean }) =>
    new Promise<void>((resolve, reject) => {
      const data = keepData ? { ...req.session } : {};
      req.session.regenerate((error: unknown) => {
        if (error) return reject(error);
        for (const [key, value] of Object.entries(data)) {
          if (key !== 'cookie' && key !== 'id')
            (req.session as unknown as Record<string, unknown>)[key] = value;
        }
        resolve();
      });
    });

  // A request after the idle timeout or the absolute lifetime meets a logged-out session, even
  // when the browser replays the cookie: the stored session is destroyed before anything reads it.
  const enforceLifetime: RequestHandler = async (req, _res, next) => {
    try {
      if (isExpired(req.session, clock())) {
        logger.info({ reqId: req.id }, 'panel session expired');
        await new Promise<void>((resolve, reject) =>
          req.session.regenerate((error: unknown) => (error ? reject(error) : resolve())),
        );
      }
      next();
    } catch (error) {
      next(error);
    }
  };

  // A session that could not be read (the store is down) must not be taken for one that was
  // unset: with `unset: 'destroy'`, express-session would destroy it when the response ends.
  const keepUnreadSession: ErrorRequestHandler = (error, req, _res, next) => {
    if (req.session == null) (req as { sessionID?: string }).sessionID = undefined;
    next(error);
  };

  return {
    middleware: [sessionMiddleware, keepUnreadSession, enforceLifetime],
    store,
    refreshLock,
    cookieName,
    regenerate,
    save: (req) =>
      new Promise<void>((resolve, reject) =>
        req.session.save((error: unknown) => (error ? reject(error) : resolve())),
      ),
    async end(req, res) {
      if (req.session) {
        await new Promise<void>((resolve, reject) =>
          req.session.destroy((error: unknown) => (error ? reject(error) : resolve())),
        );
      }
      if (res) res.clearCookie(cookieName, cookie);
    },
    clearCookie: (res) => {
      res.clearCookie(cookieName, cookie);
    },
    ping,
    close: closeStore,
  };
}
