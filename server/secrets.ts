import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';

/**
 * Reads a base64 secret kept in a file under `dataDir`, creating it (random `bytes` long, mode
 * 0600) on first use. The complete file is linked into place, which fails if it exists, so two
 * processes starting together end up with the same secret and never read a half-written file.
 */
export function readOrCreateSecret(dataDir: string, fileName: string, bytes = 32): Buffer {
  const file = path.join(dataDir, fileName);
  const existing = readSecretFile(file, bytes);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(draft, `${randomBytes(bytes).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  const created = readSecretFile(file, bytes);
  if (!created) throw new Error(`Secret file ${file} could not be created`);
  return created;
}

function readSecretFile(file: string, bytes: number): Buffer | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const secret = Buffer.from(text.trim(), 'base64');
  if (secret.length !== bytes) {
    throw new Error(`Secret file ${file} does not hold ${bytes} base64-encoded bytes; fix or remove it`);
  }
  return secret;
}

/** The key encrypting TOTP secrets at rest: SECRETS_KEY, else a key file under DATA_DIR. */
export function secretsKey(config: Pick<Config, 'secretsKey' | 'dataDir'>): Buffer {
  if (config.secretsKey) return Buffer.from(config.secretsKey, 'base64');
  return readOrCreateSecret(config.dataDir, 'secrets.key', 32);
}
