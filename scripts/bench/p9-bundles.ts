import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PANEL } from './auth.ts';
import type { BenchContext } from './context.ts';
import { PUBLIC_PAGES } from './p1-static.ts';
import { row, type Row } from './report.ts';
import { ROOT } from './server.ts';

const BUILD = path.join(ROOT, 'build');
// Manifest entries that are no screen: the entry (with the panel's frame) that every screen loads,
// and modules loaded on demand after hydration — the forms' schemas (zod) when a form is first
// edited, the idle monitor of a logged-in page, the public 404 in the (unreachable) root boundary.
const ON_DEMAND = ['input.js', 'idle-monitor.js', 'NotFound.js'];
const NOT_SCREENS = new Set(['entry.js', 'app.css', 'favicon.svg', ...ON_DEMAND]);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const SCREEN_NAMES: Record<string, string> = {
  'Login.js': 'the login screen',
  'SetQrCode.js': 'the two-factor screen',
  'Home.js': 'the panel home',
  'list-route.js': 'the list screens',
  'form-route.js': 'the add/edit screens',
  'SearchPage.js': 'the search page',
  'LinkBuilder.js': 'the link builder',
  'LinkJobs.js': 'the link-jobs page',
  'AuditScreen.js': 'the history (audit) screen',
  'TrashScreen.js': 'the trash screen',
  'ChangesScreen.js': 'the change sets screen',
  'ChangeSetScreen.js': 'a change set screen',
  'ImportScreen.js': 'the import screen',
  'ReleasesScreen.js': 'the Releases screen',
};

/** The asset and every module it imports statically (`import … from "./x.js"`, `import "./x.js"`). */
function closure(start: string, seen = new Set<string>()): Set<string> {
  if (seen.has(start)) return seen;
  seen.add(start);
  const code = readFileSync(path.join(BUILD, 'public', start), 'utf8');
  for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
    closure(path.posix.join(path.posix.dirname(start), match[1]!), seen);
  }
  return seen;
}

const gzipped = (files: Iterable<string>) =>
  [...files].reduce(
    (sum, f) => sum + gzipSync(readFileSync(path.join(BUILD, 'public', f)), { level: 9 }).length,
    0,
  );

/** Script URLs a page's HTML loads (module scripts, classic scripts, modulepreloads). */
function scriptsOf(html: string): string[] {
  const srcs = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
    (m) => m[1]!,
  );
  return [...srcs, ...preloads];
}

/** Inline scripts that run (JSON data blocks do not). */
const inlineCode = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attrs]) => !/\bsrc=/.test(attrs!) && !/type="application\/(ld\+)?json"/.test(attrs!))
    .reduce((sum, [, , body]) => sum + Buffer.byteLength(body!), 0);

/**
 * P9: client JavaScript. Public pages as served: no script at all. Panel screens from the build:
 * the entry the HTML loads (React, React Router and the panel's frame) and the screen's lazy module,
 * each with its static imports, gzip -9 per file (as served). Targets (issue 31, React in the
 * browser): public 0 bytes; login ≤ 110 KB; any other admin screen ≤ 140 KB.
 */
export async function p9(ctx: BenchContext): Promise<Row[]> {
  const server = await ctx.server();
  const manifest = JSON.parse(readFileSync(path.join(BUILD, 'manifest.json'), 'utf8')) as Record<
    string,
    string
  >;
  const asset = (url: string) => url.replace(/^\/assets\//, 'assets/');
  const rows: Row[] = [];

  let publicBytes = 0;
  const carrying: string[] = [];
  for (const page of PUBLIC_PAGES) {
    const html = await (await fetch(`${server.url}${page}`)).text();
    const bytes =
      scriptsOf(html).reduce((sum, url) => sum + gzipped(closure(asset(url))), 0) + inlineCode(html);
    if (bytes > 0) carrying.push(page);
    publicBytes += bytes;
  }
  rows.push(
    row(
      'P9',
      'client JavaScript of the public pages and the 404',
      `${publicBytes} B${carrying.length ? ` (${carrying.join(', ')})` : ''}`,
      '0 B',
      publicBytes === 0,
    ),
  );

  const loginHtml = await (await fetch(`${server.url}${PANEL}/auth/login`)).text();
  const pageScripts = scriptsOf(loginHtml).map(asset);
  const hasEntry = pageScripts.includes(asset(manifest['entry.js'] ?? '?'));
  const screens = Object.keys(manifest).filter((name) => !NOT_SCREENS.has(name) && name.endsWith('.js'));
  for (const screen of ['Login.js', ...screens.filter((s) => s !== 'Login.js')]) {
    const files = new Set<string>();
    for (const start of [...pageScripts, asset(manifest[screen] ?? '?')]) {
      closure(start, files);
    }
    const bytes = gzipped(files);
    const limit = screen === 'Login.js' ? 110 : 140;
    rows.push(
      row(
        'P9',
        `client JavaScript of ${SCREEN_NAMES[screen] ?? screen}, gzip`,
        `${kb(bytes)} in ${files.size} files${hasEntry ? '' : ' — the login page does not load the entry'}`,
        `≤ ${limit} KB`,
        hasEntry && bytes <= limit * 1024,
      ),
    );
    if (screen === 'form-route.js') {
      // What a person who edits a form has loaded once Save checks it: the screen and zod's schemas.
      closure(asset(manifest['input.js'] ?? '?'), files);
      const edited = gzipped(files);
      rows.push(
        row(
          'P9',
          'client JavaScript of an add/edit screen once edited (its schemas loaded), gzip',
          `${kb(edited)} in ${files.size} files`,
          '≤ 170 KB',
          edited <= 170 * 1024,
        ),
      );
    }
  }
  return rows;
}
