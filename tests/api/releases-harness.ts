import { createHash } from 'node:crypto';
import { Agent, createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, vi } from 'vitest';
import { PREFIX, type ApiHarness } from './harness.ts';

/** A small, publishable content: one language, a stage, a letter group with its words, a level. */
export interface ReleaseContent {
  english: number;
  stage: number;
  group: number;
  level: number;
  /** Word id by its letters. */
  words: Record<string, number>;
}

export async function created(api: ApiHarness, path: string, body: object): Promise<number> {
  const res = await api.post(path, body);
  if (res.status !== 201) throw new Error(`POST ${path} → ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

export async function releaseContent(api: ApiHarness): Promise<ReleaseContent> {
  const english = await created(api, 'languages/cms', { language: 'English' });
  const stage = await created(api, 'stages/cms', { letterCount: 4, number: 1, letters: 'four' });
  const group = await created(api, 'letter-groups/cms', {
    letters: 'spat',
    languageId: english,
    stageId: stage,
  });
  const level = await created(api, 'levels/cms', {
    hint: 'Kitchen words',
    languageId: english,
    stageId: stage,
    checkCondition: 'words::2',
  });
  await created(api, 'letter-group-levels/cms', { letterGroupId: group, levelId: level, used: true });
  const words: Record<string, number> = {};
  for (const letters of ['tap', 'pat', 'sap', 'spa', 'past']) {
    words[letters] = await created(api, 'words/cms', { letters, languageId: english });
    await created(api, 'letter-group-words/cms', { letterGroupId: group, wordId: words[letters] });
  }
  return { english, stage, group, level, words };
}

/** An API token of the `game` permission set, made by the harness's administrator. */
export async function gameToken(api: ApiHarness): Promise<string> {
  const made = await api.post('tokens/cms', { name: 'the game', permissions: 'game', expiresInDays: 30 });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.token as string;
}

/** Publishes the draft and waits for the job: the release's number. */
export async function publish(api: ApiHarness, body: object = { notes: 'release' }): Promise<number> {
  const started = await api.post('releases/cms', body);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return waitForJob(api, started.body.job.id as number);
}

export async function waitForJob(api: ApiHarness, id: number): Promise<number> {
  let job: Record<string, unknown> = {};
  await vi.waitFor(
    async () => {
      job = (await api.get(`releases/cms/jobs/${id}`)).body as Record<string, unknown>;
      expect(['queued', 'running']).not.toContain(job.status);
    },
    { timeout: 20_000, interval: 50 },
  );
  expect(job.status, JSON.stringify(job)).toBe('done');
  return job.release as number;
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent (compressed when the answer says so). */
  body: Buffer;
}

/** The app listening on a random port, for GETs over real sockets. */
export async function listening(app: ApiHarness['app']) {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  return {
    /** A GET of `path` under the API with `token`: the body's bytes as sent (never decompressed). */
    get: (token: string, path: string, headers: Record<string, string> = {}) =>
      new Promise<RawAnswer>((resolve, reject) => {
        const req = get(
          {
            host: '127.0.0.1',
            port,
            agent,
            path: `${PREFIX}/${path}`,
            headers: { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'identity', ...headers },
          },
          (res) => {
            const parts: Buffer[] = [];
            res.on('data', (chunk: Buffer) => parts.push(chunk));
            res.on('end', () =>
              resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }),
            );
            res.on('error', reject);
          },
        );
        req.on('error', reject);
      }),
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** What the game gets: one GET over a real socket (see listening). */
export async function gameGet(
  app: ApiHarness['app'],
  token: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const server = await listening(app);
  try {
    return await server.get(token, path, headers);
  } finally {
    await server.close();
  }
}

/** The ETag a bundle's bytes must have: their SHA-256, base64url, quoted. */
export const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url')}"`;
