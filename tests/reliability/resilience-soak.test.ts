import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrResetAdmin } from '../../server/admin/admins.ts';
import { openDatabase } from '../../server/db/database.ts';
import { enrolAdmin, PanelBrowser, PANEL } from './panel-client.ts';
import { FULL, scaled } from './scale.ts';
import { startServer, type ServerProcess } from './server-processes.ts';

/**
 * Soak: 20 admins logged in to the panel at once, each browsing public pages, searching through the
 * proxy and editing, for 60 s (10 minutes in `npm run test:reliability`). No 5xx and every edit
 * there afterwards, always; in `npm run test:reliability` also latency that does not degrade (each
 * quarter's p99 within 3× the first quarter's) and memory that does not grow (RSS under +10 % from
 * minute 2 to the end). The short slice in `npm test` prints those figures without judging them.
 */
const SESSIONS = 20;
const DURATION_MS = scaled(60_000, 600_000);
const PASSWORD = 'soak-admin-password';

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

function p99(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
}

describe('soak: 20 admin sessions under mixed load', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'argus-soak-'));
  let server: ServerProcess;
  const browsers: PanelBrowser[] = [];

  beforeAll(async () => {
    server = await startServer({
      DATA_DIR: dataDir,
      DEMO_CONTENT: 'true',
      ADMIN_USERNAME: 'soak-0',
      ADMIN_PASSWORD: PASSWORD,
      NODE_ENV: 'production',
    });
    const database = await openDatabase({ dataDir, databaseUrl: null });
    for (let i = 1; i < SESSIONS; i++)
      await createOrResetAdmin(database, { username: `soak-${i}`, password: PASSWORD });
    await database.close();
    for (let i = 0; i < SESSIONS; i++) {
      const codes = await enrolAdmin(server.url, `soak-${i}`, PASSWORD);
      const browser = new PanelBrowser();
      await browser.login(server.url, `soak-${i}`, PASSWORD, codes[0]!);
      browsers.push(browser);
    }
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'answers without 5xx, keeps every edit, and neither slows down nor grows',
    async () => {
      const started = Date.now();
      const samples: Array<{ at: number; ms: number }> = [];
      const statuses = new Map<number, number>();
      const rss: Array<{ at: number; bytes: number }> = [];
      const expected = new Set<string>();
      const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const timed = async (work: () => Promise<number>) => {
        const t0 = performance.now();
        const status = await work();
        samples.push({ at: Date.now() - started, ms: performance.now() - t0 });
        count(status);
        return status;
      };
      const sampler = setInterval(
        () => rss.push({ at: Date.now() - started, bytes: rssOf(server.child.pid!) }),
        1_000,
      );

      await Promise.all(
        browsers.map(async (browser, w) => {
          for (let i = 0; Date.now() - started < DURATION_MS; i++) {
            await timed(async () => {
              const res = await fetch(`${server.url}/`);
              await res.arrayBuffer();
              return res.status;
            });
            await timed(() => browser.search(server.url, i % 2 ? 'words' : 'levels'));
            if (i % 3 === 0) {
              const name = `Soak ${w} ${i}`;
              const created = await browser.create(server.url, 'languages', {
                language: name,
                isActive: i % 2 === 0,
              });
              count(created.status);
              if (created.status === 201) expected.add(name);
            }
          }
        }),
      );
      clearInterval(sampler);

      const serverErrors = [...statuses].filter(([status]) => status >= 500);
      expect(serverErrors).toEqual([]);
      expect(statuses.get(200)).toBeGreaterThan(SESSIONS * 10);

      // Every acknowledged edit is there, through the API as an admin sees it.
      const stored = new Set<string>();
      for (let page = 0; ; page++) {
        const res = await fetch(
          `${server.url}${PANEL}/api/languages/cms/search/?size=100&page=${page}&language=Soak`,
          {
            headers: { Cookie: browsers[0]!.cookie },
          },
        );
        const body = (await res.json()) as { content: Array<{ language: string }>; last: boolean };
        for (const row of body.content) stored.add(row.language);
        if (body.last) break;
      }
      expect([...expected].filter((name) => !stored.has(name))).toEqual([]);
      expect(expected.size).toBeGreaterThan(SESSIONS);

      const quarter = DURATION_MS / 4;
      const p99s = [0, 1, 2, 3].map((q) =>
        p99(samples.filter((s) => s.at >= q * quarter && s.at < (q + 1) * quarter).map((s) => s.ms)),
      );
      const from = FULL ? 120_000 : DURATION_MS / 2;
      const base = rss.find((s) => s.at >= from)!.bytes;
      const end = rss.at(-1)!.bytes;
      // The latency and memory rules are held only in `npm run test:reliability`, run alone: in
      // `npm test` other suites share the two cores, and a timed rule there fails for their load.
      if (FULL) {
        for (const later of p99s.slice(1)) expect(later).toBeLessThanOrEqual(3 * p99s[0]! + 5);
        expect(end / base).toBeLessThan(1.1);
      }
      console.log(
        `soak: ${samples.length} timed requests, ${expected.size} edits, p99 by quarter ${p99s.map((v) => v.toFixed(1)).join(' / ')} ms, RSS ${Math.round(base / 2 ** 20)} → ${Math.round(end / 2 ** 20)} MB`,
      );
    },
    DURATION_MS + 120_000,
  );
});
