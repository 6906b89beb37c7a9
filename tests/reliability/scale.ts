/**
 * One switch for the reliability suites: `npm test` runs a short slice of each, `npm run
 * test:reliability` (RELIABILITY_SCALE=full) the whole length. Every loop in those suites is bounded
 * by these numbers.
 */
export const FULL = process.env.RELIABILITY_SCALE === 'full';

/** Picks the short value for `npm test` or the full one for `npm run test:reliability`. */
export function scaled<T>(short: T, full: T): T {
  return FULL ? full : short;
}
