import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { readOrCreateSecret, secretsKey } from '../../secrets.ts';
import { createSecretBox } from './secret-box.ts';

describe('secrets at rest', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'argus-secrets-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('creates a key file with mode 0600 once and reads the same key afterwards', () => {
    const dir = path.join(tempDir(), 'nested');
    const key = secretsKey({ secretsKey: null, dataDir: dir });
    expect(key).toHaveLength(32);
    expect(statSync(path.join(dir, 'secrets.key')).mode & 0o777).toBe(0o600);
    expect(secretsKey({ secretsKey: null, dataDir: dir }).equals(key)).toBe(true);
  });

  it('prefers SECRETS_KEY over the key file', () => {
    const configured = randomBytes(32);
    const dir = tempDir();
    expect(secretsKey({ secretsKey: configured.toString('base64'), dataDir: dir }).equals(configured)).toBe(
      true,
    );
    expect(() => statSync(path.join(dir, 'secrets.key'))).toThrow();
  });

  it('refuses a damaged secret file instead of replacing it', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'session.secret'), 'too short');
    expect(() => readOrCreateSecret(dir, 'session.secret', 32)).toThrow(/does not hold 32/);
  });

  it('seals with AES-256-GCM: random IV, bound to its context, tamper-evident', () => {
    const box = createSecretBox(randomBytes(32));
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'totp:1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'totp:1')).not.toBe(sealed);
    expect(box.open(sealed, 'totp:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.open(sealed, 'totp:2')).toThrow(/cannot be decrypted/);
    // Flip one bit of the last ciphertext byte (editing base64 text may only touch padding bits).
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw.writeUInt8(raw.readUInt8(raw.length - 1) ^ 1, raw.length - 1);
    const tampered = `v1:${raw.toString('base64url')}`;
    expect(tampered).not.toBe(sealed);
    expect(() => box.open(tampered, 'totp:1')).toThrow(/cannot be decrypted/);
    expect(() => createSecretBox(randomBytes(32)).open(sealed, 'totp:1')).toThrow(/cannot be decrypted/);
  });
});
