import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { LimitOptions, RateLimits } from '../http/rate-limits.ts';

/**
 * Every limiter of the authentication endpoints is built here, and only here, from the API's
 * shared rate limits (Redis when REDIS_URL is set, see http/rate-limits.ts).
 */
export interface AuthLimiters {
  /** verify-otp attempts per account (successes are refunded). */
  otpPerAccount: RateLimiterAbstract;
  /** verify-otp attempts per client IP (successes are refunded). */
  otpPerIp: RateLimiterAbstract;
  /** Failed logins per (client IP, username). */
  loginPerIpAndUser: RateLimiterAbstract;
  /** Failed logins per client IP, whatever the username: password spraying from one address. */
  loginPerIp: RateLimiterAbstract;
  /** Failed logins per username, whatever the IP: counts towards the account's progressive delay. */
  loginFailuresPerAccount: RateLimiterAbstract;
  /** The account's current delay between attempts (a block of a few seconds, never a lock-out). */
  loginDelayPerAccount: RateLimiterAbstract;
}

const FIFTEEN_MINUTES = 15 * 60;

const LIMITS = {
  otpPerAccount: { keyPrefix: 'otp-account', points: 10, duration: FIFTEEN_MINUTES },
  otpPerIp: { keyPrefix: 'otp-ip', points: 100, duration: FIFTEEN_MINUTES },
  loginPerIpAndUser: { keyPrefix: 'login', points: 10, duration: FIFTEEN_MINUTES },
  loginPerIp: { keyPrefix: 'login-ip', points: 30, duration: FIFTEEN_MINUTES },
  loginFailuresPerAccount: { keyPrefix: 'login-account', points: 1000, duration: FIFTEEN_MINUTES },
  loginDelayPerAccount: { keyPrefix: 'login-delay', points: 1, duration: 1 },
} satisfies Record<keyof AuthLimiters, LimitOptions>;

export function createAuthLimiters(limits: RateLimits): AuthLimiters {
  return {
    otpPerAccount: limits.limiter(LIMITS.otpPerAccount),
    otpPerIp: limits.limiter(LIMITS.otpPerIp),
    loginPerIpAndUser: limits.limiter(LIMITS.loginPerIpAndUser),
    loginPerIp: limits.limiter(LIMITS.loginPerIp),
    loginFailuresPerAccount: limits.limiter(LIMITS.loginFailuresPerAccount),
    loginDelayPerAccount: limits.limiter(LIMITS.loginDelayPerAccount),
  };
}

export type LimitedKey = [RateLimiterAbstract, string];

/**
 * Takes one point from each limiter before the attempt (so a burst cannot slip through between
 * check and count). Returns the seconds to wait when any of them is exhausted, else null.
 */
export async function takePoint(keys: LimitedKey[]): Promise<number | null> {
  for (const [limiter, key] of keys) {
    try {
      await limiter.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw error;
    }
  }
  return null;
}

/** Gives the point back: a successful attempt does not count against the limits. */
export async function refundPoint(keys: LimitedKey[]): Promise<void> {
  for (const [limiter, key] of keys) await limiter.reward(key, 1);
}

/** Failures an account may have in 15 minutes before each further attempt must wait. */
export const FREE_ACCOUNT_FAILURES = 5;
const MAX_ACCOUNT_DELAY_S = 60;

/**
 * Seconds the account must wait before its next login attempt (progressive delay after repeated
 * failures from any number of IPs), or null. A delay, not a lock: the real admin gets in after at
 * most a minute, while a distributed guesser is held to about one guess a minute per account.
 */
export async function accountDelay(limiters: AuthLimiters, username: string): Promise<number | null> {
  const blocked = await limiters.loginDelayPerAccount.get(username);
  if (!blocked || blocked.consumedPoints <= 1) return null;
  return Math.max(1, Math.ceil(blocked.msBeforeNext / 1000));
}

/** Counts a failed login against the account and sets its next delay: 1, 2, 4 … 60 s. */
export async function countAccountFailure(limiters: AuthLimiters, username: string): Promise<void> {
  const res = await limiters.loginFailuresPerAccount.penalty(username, 1);
  const failures = res.consumedPoints;
  if (failures < FREE_ACCOUNT_FAILURES) return;
  const seconds = Math.min(MAX_ACCOUNT_DELAY_S, 2 ** (failures - FREE_ACCOUNT_FAILURES));
  await limiters.loginDelayPerAccount.block(username, seconds);
}

/** A successful login clears the account's failures and delay. */
export async function clearAccountFailures(limiters: AuthLimiters, username: string): Promise<void> {
  await limiters.loginFailuresPerAccount.delete(username);
  await limiters.loginDelayPerAccount.delete(username);
}
