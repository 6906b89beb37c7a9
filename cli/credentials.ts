import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import type { Tokens, TokenStore } from '#shared/api-client/index.ts';

/**
 * The tokens of `argus-words login`, kept between runs in
 * `$XDG_CONFIG_HOME/argus-words/credentials.json` (default `~/.config/argus-words/`), one entry per
 * API URL so one person can work against several installations. The file is readable by its owner
 * only (0600, folder 0700) and rewritten whole through a temporary file, so a crash never leaves
 * half a file.
 */

export interface SavedLogin {
  username: string;
  accessToken: string;
  refreshToken: string | null;
  /** ISO-8601: when the tokens were last written (login or refresh). */
  savedAt: string;
}

interface CredentialsData {
  version: 1;
  apis: Record<string, SavedLogin>;
}

export function credentialsPath(env: Record<string, string | undefined>): string {
  const config = env.XDG_CONFIG_HOME || path.join(env.HOME || homedir(), '.config');
  return path.join(config, 'argus-words', 'credentials.json');
}

/** The key of an API in the file: the URL without a trailing slash. */
export function apiKey(apiUrl: string): string {
  return apiUrl.replace(/\/+$/, '');
}

export class CredentialsFile {
  constructor(readonly file: string) {}

  async read(): Promise<CredentialsData> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, apis: {} };
      throw error;
    }
    try {
      const data = JSON.parse(text) as Partial<CredentialsData>;
      return { version: 1, apis: typeof data.apis === 'object' && data.apis ? data.apis : {} };
    } catch {
      throw new Error(`${this.file} is not valid JSON: delete it and log in again`);
    }
  }

  async login(apiUrl: string): Promise<SavedLogin | null> {
    return (await this.read()).apis[apiKey(apiUrl)] ?? null;
  }

  /** Stores (or with null, forgets) the login for one API, leaving the others as they are. */
  async save(apiUrl: string, login: SavedLogin | null): Promise<void> {
    const data = await this.read();
    if (login) data.apis[apiKey(apiUrl)] = login;
    else delete data.apis[apiKey(apiUrl)];
    const dir = path.dirname(this.file);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await chmod(dir, 0o700);
    const temporary = `${this.file}.${process.pid}.tmp`;
    await writeFile(temporary, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
    await chmod(temporary, 0o600);
    await rename(temporary, this.file);
  }
}

/**
 * The API client's token store for one API URL, backed by the file: tokens are read once, and every
 * refresh is written back at once so the next command starts from the rotated refresh token.
 */
export function fileTokenStore(file: CredentialsFile, apiUrl: string): TokenStore & { username(): string } {
  let current: SavedLogin | null | undefined;
  const load = async () => (current === undefined ? (current = await file.login(apiUrl)) : current);
  let writing = Promise.resolve();
  return {
    async get(): Promise<Tokens | null> {
      const login = await load();
      return login && { accessToken: login.accessToken, refreshToken: login.refreshToken };
    },
    async set(tokens: Tokens | null): Promise<void> {
      const login = await load();
      current = tokens && {
        username: login?.username ?? '',
        ...tokens,
        savedAt: new Date().toISOString(),
      };
      const next = current;
      writing = writing.then(() => file.save(apiUrl, next));
      await writing;
    },
    username: () => current?.username ?? '',
  };
}
