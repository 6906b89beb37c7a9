import { createHash, randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
// Crockford-like base32 without i, l, o, u: nothing to confuse when typed from paper.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Ten codes like `k3v9-x2mq-7t4d` (60 bits each): high entropy, so a plain sha256 is enough. */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
}

/** What a typed code is compared by: case, spaces and dashes do not matter. */
export function normaliseCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, '');
}

export function looksLikeRecoveryCode(normalised: string): boolean {
  return /^[0-9a-z]{12}$/.test(normalised);
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseCode(code)).digest('hex');
}
