/**
 * Real-browser testing: playwright-core driving Debian's Chromium (no downloaded browsers).
 *
 * - `describeBrowser(name, fn)` runs a suite only when Chromium is installed. When it is missing the
 *   suite fails under `CI=true` and is otherwise skipped with one loud line on stderr per test run.
 * - `launchBrowser()` starts the one configured Chromium.
 * - `openPage(browser, options)` opens a fresh context and page that records console errors, page
 *   errors, failed requests, HTTP errors, Content-Security-Policy violations and attempts to reach
 *   other origins (which are blocked: tests never touch the network).
 * - `runAxe(page)` runs axe-core's WCAG 2.1 A/AA rules and `formatAxeViolations` makes the result
 *   readable in a failure message.
 */
import { accessSync, constants, openSync, closeSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';
import axe from 'axe-core';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { describe, expect, it } from 'vitest';

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
];

/** The Chromium executable: `CHROMIUM_PATH` when set, Debian's package otherwise. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
}

/** Whether the Chromium executable exists and can be executed. */
export function browserAvailable(): boolean {
  try {
    accessSync(chromiumPath(), constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

/** A key shared by every test worker of one vitest run: the main vitest process and its start time. */
function runKey(): string {
  // Thread workers share the main process id; fork workers are children of the main process.
  const mainPid = isMainThread ? process.ppid : process.pid;
  let started = '';
  try {
    // Field 22 of /proc/<pid>/stat is the start time: it tells a reused process id apart.
    const stat = readFileSync(`/proc/${mainPid}/stat`, 'utf8');
    started = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    // Not Linux: the process id alone will do.
  }
  return `${mainPid}-${started}`;
}

let warnedHere = false;

/** Prints the "browser tests skipped" line once per test run, however many suites or workers ask. */
function warnSkippedOnce(): void {
  if (warnedHere) return;
  warnedHere = true;
  try {
    // Atomically claim the warning for this run; whoever loses the race stays quiet.
    closeSync(openSync(path.join(tmpdir(), `argus-browser-skip-warned-${runKey()}`), 'wx'));
  } catch {
    return;
  }
  process.stderr.write(
    `\n⚠ BROWSER TESTS SKIPPED: ${chromiumPath()} not found. ` +
      'Install it (apt-get install -y chromium) or set CHROMIUM_PATH to run them.\n\n',
  );
}

/**
 * `describe` for suites that need the real browser. Chromium missing: with `CI=true` the suite holds
 * one failing test saying how to install it; otherwise the suite is skipped and a warning printed.
 */
export function describeBrowser(name: string, fn: () => void): void {
  if (browserAvailable()) {
    describe(name, fn);
    return;
  }
  if (process.env.CI === 'true') {
    describe(name, () => {
      it('needs Chromium', () => {
        throw new Error(
          `Chromium not found at ${chromiumPath()} — install Debian's chromium (apt-get install -y chromium) ` +
            'or set CHROMIUM_PATH.',
        );
      });
    });
    return;
  }
  warnSkippedOnce();
  // Deliberate: outside CI a machine without Chromium skips browser suites, and says so loudly.
  describe.skip(name, fn);
}

/** A phone (390 × 844, touch, mobile viewport meta honoured) and a laptop (1280 × 800). */
export const VIEWPORTS = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1280, height: 800 } },
} satisfies Record<string, BrowserContextOptions>;

export type ViewportName = keyof typeof VIEWPORTS;

export type IssueKind = 'console' | 'pageerror' | 'requestfailed' | 'http' | 'csp' | 'external';

/** Something that went wrong while the page was open. `url` is the resource concerned, when known. */
export interface PageIssue {
  kind: IssueKind;
  text: string;
  url?: string;
}

export interface OpenPageOptions {
  /** Origin of the app under test; requests to any other origin are aborted and reported. */
  baseURL: string;
  /** Context options such as `VIEWPORTS.phone` or `{ javaScriptEnabled: false }`. */
  context?: BrowserContextOptions;
  /** Issues the test expects (a 404 document logging "Failed to load resource", say). */
  allow?: (issue: PageIssue) => boolean;
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Every issue recorded so far, allowed ones included. */
  issues: PageIssue[];
  /** The issues not allowed, one readable line each: `expect(session.problems()).toEqual([])`. */
  problems(): string[];
  close(): Promise<void>;
}

const CSP_TEXT = /Content Security Policy/i;

/**
 * A fresh context and page wired to record everything a clean page should never produce. Listeners
 * are attached before any navigation, so the first document's messages are caught too.
 */
export async function openPage(browser: Browser, options: OpenPageOptions): Promise<BrowserSession> {
  const origin = new URL(options.baseURL).origin;
  const context = await browser.newContext({ baseURL: options.baseURL, ...options.context });
  const issues: PageIssue[] = [];
  const record = (issue: PageIssue) => issues.push(issue);

  // Tests never reach the internet: a page that tries is a finding (and would only time out).
  await context.route(
    (url) => url.origin !== origin && (url.protocol === 'http:' || url.protocol === 'https:'),
    async (route) => {
      record({ kind: 'external', text: `request to another origin blocked`, url: route.request().url() });
      await route.abort('blockedbyclient');
    },
  );

  const page = await context.newPage();

  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    const url = message.location().url || undefined;
    record({ kind: CSP_TEXT.test(text) ? 'csp' : 'console', text, url });
  });
  page.on('pageerror', (error) => record({ kind: 'pageerror', text: error.stack ?? error.message }));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed';
    // Aborted cross-origin requests are already reported as 'external'.
    if (reason === 'net::ERR_BLOCKED_BY_CLIENT' && new URL(request.url()).origin !== origin) return;
    // The browser cancels what the previous page was still loading (a favicon, a prefetch) when the
    // test navigates away quickly: a cancellation, not a failure a visitor would notice.
    if (reason === 'net::ERR_ABORTED') return;
    record({ kind: 'requestfailed', text: `${request.method()} ${reason}`, url: request.url() });
  });
  page.on('response', (response) => {
    if (response.status() < 400) return;
    record({
      kind: 'http',
      text: `HTTP ${response.status()} ${response.request().method()}`,
      url: response.url(),
    });
  });

  // Chromium also files CSP violations as DevTools "issues", including ones it does not log.
  try {
    const cdp = await context.newCDPSession(page);
    cdp.on('Audits.issueAdded', ({ issue }) => {
      if (issue.code !== 'ContentSecurityPolicyIssue') return;
      const details = issue.details.contentSecurityPolicyIssueDetails;
      record({
        kind: 'csp',
        text:
          `CSP issue: ${details?.contentSecurityPolicyViolationType ?? 'violation'} ` +
          `(directive ${details?.violatedDirective ?? '?'})`,
        url: details?.blockedURL || details?.sourceCodeLocation?.url || undefined,
      });
    });
    await cdp.send('Audits.enable');
  } catch {
    // Not Chromium, or the protocol changed: console messages still report violations.
  }

  const problems = () =>
    issues
      .filter((issue) => !options.allow?.(issue))
      .map((issue) => `[${issue.kind}] ${issue.text}${issue.url ? ` <${issue.url}>` : ''}`);

  return {
    context,
    page,
    issues,
    problems,
    close: () => context.close(),
  };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string; html: string; failureSummary: string }[];
}

/** The rule tags checked by default: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe-core on the page (or on `include`, a CSS selector) and returns the violations. The source
 * is evaluated over the DevTools protocol: the pages' CSP forbids injected inline scripts.
 */
export async function runAxe(
  page: Page,
  options: { tags?: string[]; include?: string } = {},
): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ tags, include }) => {
      const engine = (window as unknown as { axe: typeof axe }).axe;
      const result = await engine.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.map((n) => ({
          target: n.target.map(String).join(' '),
          html: n.html,
          failureSummary: n.failureSummary ?? '',
        })),
      }));
    },
    { tags: options.tags ?? WCAG21_AA_TAGS, include: options.include ?? null },
  );
}

/** One paragraph per violation: rule, impact, help text and every offending element. */
export function formatAxeViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.impact ?? 'unknown impact'}): ${v.help}\n  ${v.helpUrl}\n` +
        v.nodes
          .map(
            (n) => `  - ${n.target}\n      ${n.html}\n      ${n.failureSummary.replace(/\n/g, '\n      ')}`,
          )
          .join('\n'),
    )
    .join('\n\n');
}

/** Fails the test with every violation spelled out when axe finds any on the page. */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const violations = await runAxe(page);
  expect(violations, `${what}:\n${formatAxeViolations(violations)}`).toEqual([]);
}
