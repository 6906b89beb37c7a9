import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

export const TOTP_ISSUER = 'Argus Words';
const PERIOD_MS = 30_000;

/** A fresh 20-byte (160-bit, RFC 4226's recommendation) secret, base32-encoded. */
export function newTotpSecret(): string {
  return new Secret({ buffer: new Uint8Array(randomBytes(20)).buffer }).base32;
}

function totp(secretBase32: string, username: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_MS / 1000,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The `otpauth://totp/…` URI an authenticator app scans. */
export function otpauthUri(secretBase32: string, username: string): string {
  return totp(secretBase32, username).toString();
}

export function timeStep(nowMs: number): number {
  return Math.floor(nowMs / PERIOD_MS);
}

/**
 * The time step a 6-digit code belongs to: the current one or the one before (clock drift and
 * typing time), never a future one. Null when it matches neither. The caller still has to accept
 * the step once only.
 */
export function matchingStep(secretBase32: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const generator = totp(secretBase32, '');
  const current = timeStep(nowMs);
  let matched: number | null = null;
  // Compare against both candidates every time, so timing does not tell which one matched.
  for (const step of [current, current - 1]) {
    const expected = generator.generate({ timestamp: step * PERIOD_MS });
    if (timingSafeEqual(Buffer.from(expected), Buffer.from(code)) && matched === null) matched = step;
  }
  return matched;
}
