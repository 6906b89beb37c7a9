import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { contentEntities } from '#shared/entities/index.ts';
import { PANEL } from './auth.ts';
import type { BenchContext } from './context.ts';
import { median, ms, row, skip, type Row } from './report.ts';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/** A screen of the panel to audit: its name in the table and how to find its path. */
interface Screen {
  name: string;
  path(ctx: BenchContext): Promise<string>;
}

const fixed = (name: string, path: string): Screen => ({ name, path: () => Promise.resolve(path) });

/** An edit form of the table's first row (the large data set has rows in every table). */
const editForm = (name: string, resource: string): Screen => ({
  name: `${name} edit form`,
  async path(ctx) {
    const server = await ctx.server();
    const response = await fetch(
      `${server.url}/arguscreative/words/${resource}/cms/search/?page=0&size=1&sort=id`,
      { headers: await ctx.bearer() },
    );
    const first = ((await response.json()) as { content: Array<{ id: number }> }).content[0];
    if (!first) throw new Error(`No ${resource} row to edit`);
    return `${name}/update/${first.id}`;
  },
});

/** Login, home, every list, every add and edit form, history and import (issue 31). */
const SCREENS: Screen[] = [
  fixed('login', 'auth/login'),
  fixed('home', ''),
  ...contentEntities.map((entity) => fixed(`${entity.name} list`, entity.name)),
  ...contentEntities
    .filter((entity) => entity.panel.add)
    .map((entity) => fixed(`${entity.name} add form`, `${entity.name}/add`)),
  ...contentEntities.map((entity) => editForm(entity.name, entity.resource)),
  fixed('history', 'audit'),
  fixed('import', 'import'),
];

/**
 * P9L: Lighthouse 12's performance audit of every panel screen on a phone — its default mobile
 * profile (Moto G Power size, simulated slow 4G and a 4× slower processor) — logged in through a
 * session cookie (the login screen without one). Each screen's score and total blocking time are
 * the medians of `--runs` audits. Targets (issue 31): score ≥ 90 and TBT ≤ 300 ms on every screen.
 */
export async function p9Lighthouse(ctx: BenchContext): Promise<Row[]> {
  await healthComputed(ctx);
  const { Cookie: cookie = '' } = await ctx.cookie();
  let browser: chromeLauncher.LaunchedChrome;
  try {
    browser = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS });
  } catch (error) {
    return [skip('P9L', 'Lighthouse mobile audit of the panel', `Chromium did not start: ${String(error)}`)];
  }
  const rows: Row[] = [];
  try {
    for (const screen of SCREENS) {
      try {
        rows.push(await audit(ctx, browser.port, screen, cookie));
      } catch (error) {
        rows.push(
          row('P9L', `Lighthouse mobile: ${screen.name}`, String(error).slice(0, 200), 'runs', false),
        );
      }
      console.log(`  ${rows.at(-1)!.status}  ${rows.at(-1)!.figure}: ${rows.at(-1)!.value}`);
    }
  } finally {
    browser.kill();
  }
  return rows;
}

/**
 * A server just started computes the home's content-health findings over the whole data set in the
 * background (tens of seconds at a million rows), and its reads wait behind them meanwhile: the
 * screens are audited as a person meets them on a server that has been up, once that is done.
 */
async function healthComputed(ctx: BenchContext): Promise<void> {
  const server = await ctx.server();
  const started = performance.now();
  while (performance.now() - started < 300_000) {
    const response = await fetch(`${server.url}/arguscreative/words/health/cms`, {
      headers: await ctx.bearer(),
    });
    const body = (await response.json()) as { findings?: unknown };
    if (response.ok && body.findings) return;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  throw new Error('The content-health findings were not computed within 300 s');
}

/**
 * One audit; the login screen as a visitor sees it, every other screen as a logged-in admin. A trace
 * Chromium failed to record (Lighthouse's NO_NAVSTART and kin, "please run Lighthouse again") is
 * run again, twice at most; any other failure is the screen's.
 */
async function lighthouseRun(url: string, port: number, extraHeaders: Record<string, string>) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders,
    });
    const code = result?.lhr.runtimeError?.code ?? '';
    if (attempt < 3 && /^NO_(NAVSTART|FCP|TRACING_STARTED)|TRACE/.test(code)) continue;
    return result?.lhr;
  }
}

/** One screen's medians over `--runs` audits. */
async function audit(ctx: BenchContext, port: number, screen: Screen, cookie: string): Promise<Row> {
  const server = await ctx.server();
  const url = `${server.url}${PANEL}/${await screen.path(ctx)}`;
  const scores: number[] = [];
  const blocking: number[] = [];
  for (let run = 0; run < ctx.options.runs; run++) {
    const lhr = await lighthouseRun(url, port, screen.name === 'login' ? {} : { Cookie: cookie });
    if (!lhr || lhr.runtimeError) throw new Error(`${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
    if (lhr.finalDisplayedUrl !== url) throw new Error(`${url} ended at ${lhr.finalDisplayedUrl}`);
    scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
    blocking.push(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN);
  }
  const score = median(scores);
  const tbt = median(blocking);
  return row(
    'P9L',
    `Lighthouse mobile: ${screen.name}`,
    `score ${score} (${scores.join(', ')}), TBT ${ms(tbt)} (${blocking.map((b) => b.toFixed(0)).join(', ')})`,
    'score ≥ 90, TBT ≤ 300 ms',
    score >= 90 && tbt <= 300,
  );
}
