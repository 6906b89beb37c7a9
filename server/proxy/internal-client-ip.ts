import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const INTERNAL_KEY_HEADER = 'x-argus-internal-key';
export const INTERNAL_CLIENT_IP_HEADER = 'x-argus-client-ip';

/**
 * Mounted in front of the embedded content API. The panel proxy calls that API as from loopback, so
 * without this every panel login would share the proxy's own IP in the API's per-IP rate limits
 * (and one attacker could lock every admin out). The proxy names the browser's address in a header
 * that only counts when it carries this process's random key; anyone else's copy is removed.
 * `trust proxy` itself stays a plain hop count.
 */
export function internalClientIp(
  internalKey: string,
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  const expected = Buffer.from(internalKey);
  return (req, _res, next) => {
    const key = req.headers[INTERNAL_KEY_HEADER];
    const ip = req.headers[INTERNAL_CLIENT_IP_HEADER];
    delete req.headers[INTERNAL_KEY_HEADER];
    delete req.headers[INTERNAL_CLIENT_IP_HEADER];
    const given = typeof key === 'string' ? Buffer.from(key) : null;
    const trusted = given !== null && given.length === expected.length && timingSafeEqual(given, expected);
    if (trusted && typeof ip === 'string' && /^[0-9a-fA-F:.]{2,45}$/.test(ip)) {
      Object.defineProperty(req, 'ip', { value: ip, configurable: true, enumerable: true });
    }
    next();
  };
}
