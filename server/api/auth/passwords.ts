import { randomInt } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';

/** argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane). 2 = Algorithm.Argon2id (a const enum). */
const ARGON2: Options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1024;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

/**
 * A ceiling on concurrent argon2 work (each costs ~19 MiB and a core for tens of ms): a flood of
 * logins waits its turn in a bounded queue instead of starving every other request; past the
 * queue the login is refused at once (503 with Retry-After, see login-step.ts).
 */
const MAX_CONCURRENT_HASHES = 4;
const MAX_WAITING_HASHES = 64;
let running = 0;
const waiting: Array<() => void> = [];

export class PasswordCheckBusy extends Error {
  constructor() {
    super('Too many logins at once. Please try again in a moment.');
  }
}

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) {
    if (waiting.length >= MAX_WAITING_HASHES) throw new PasswordCheckBusy();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return withHashSlot(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      // A malformed stored hash is a failed login, not a crash.
      return false;
    }
  });
}

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH)
    return `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (password.trim() !== password) return 'Password must not start or end with spaces.';
  return null;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password (24 characters of a 57-letter alphabet: ~140 bits). */
export function generatePassword(length = 24): string {
  return Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

let dummy: Promise<string> | undefined;

/** Computes the dummy hash ahead of the first unknown-user login (else that one would be slower). */
export async function primeDummyHash(): Promise<void> {
  dummy ??= hashPassword(generatePassword());
  await dummy;
}

/**
 * Verifies against a throw-away hash with the same cost, so an unknown user takes as long to
 * refuse as a wrong password.
 */
export async function verifyDummy(password: string): Promise<false> {
  await primeDummyHash();
  await verifyPassword(await dummy!, password);
  return false;
}
