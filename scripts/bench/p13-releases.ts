import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent, request } from 'undici';
import { API } from './auth.ts';
import type { BenchContext } from './context.ts';
import { allOk, med, measureRuns, type LoadJob, type LoadResult } from './load.ts';
import { rawGet } from './p1-static.ts';
import { ms, median, row, type Row } from './report.ts';
import { startHelper } from './server.ts';

const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const pause = (value: number) => new Promise((resolve) => setTimeout(resolve, value));

interface Control {
  call(
    method: 'GET' | 'POST' | 'DELETE',
    pathname: string,
    body?: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

function control(url: string, bearer: Record<string, string>): Control {
  // A connection of its own: the global pool's may have idled past the server's keep-alive.
  const dispatcher = new Agent();
  return {
    async call(method, pathname, body) {
      const answer = await request(`${url}${API}/${pathname}`, {
        method,
        dispatcher,
        headers: { ...bearer, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await answer.body.text();
      return { status: answer.statusCode, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    },
    close: () => dispatcher.close(),
  };
}

/**
 * P13 (issue 45), on the large data set: a publish (the draft checked, every language's bundle
 * built, compressed and stored, the switch) forced past the data set's findings, polled to its end
 * while `GET /` is asked at P5's pace; a rollback, timed to the first game read that returns the
 * earlier release; the game's 304 against a bare node:http server sending the same 304; the largest
 * language's bundle (gzip) against a static file server sending the same file; the bundle's size.
 */
export async function p13(ctx: BenchContext): Promise<Row[]> {
  const server = await ctx.server();
  const api = control(server.url, await ctx.bearer());
  const rows: Row[] = [];
  const helpers: Array<{ stop(): void }> = [];
  let tokenId: number | null = null;
  try {
    const made = await api.call('POST', 'tokens/cms', {
      name: 'bench game',
      permissions: 'game',
      expiresInDays: 1,
    });
    if (made.status !== 201) throw new Error(`game token: ${made.status} ${JSON.stringify(made.body)}`);
    tokenId = Number(made.body.id);
    const game = { authorization: `Bearer ${String(made.body.token)}` };

    const probe: LoadJob = {
      url: `${server.url}/`,
      connections: 5,
      overallRate: 100,
      duration: ctx.options.duration,
    };
    const idle = await ctx.loader.run(probe);
    const publish = async (notes: string) => {
      const started = performance.now();
      const answer = await api.call('POST', 'releases/cms', {
        notes,
        force: true,
        reason: 'bench: the data set as it is',
      });
      if (answer.status !== 202)
        throw new Error(`publish: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
      const id = Number((answer.body.job as { id: number }).id);
      const during: LoadResult[] = [];
      let job: Record<string, unknown>;
      for (;;) {
        during.push(await ctx.loader.run({ ...probe, duration: 1 }));
        job = (await api.call('GET', `releases/cms/jobs/${id}`)).body;
        if (job.status !== 'queued' && job.status !== 'running') break;
      }
      if (job.status !== 'done') throw new Error(`publish job ${String(job.status)}: ${String(job.error)}`);
      return { took: performance.now() - started, number: Number(job.release), during };
    };
    const first = await publish('bench: first');
    const idleP95 = idle.p95;
    const duringP95 = median(first.during.map((r) => r.p95));
    const limit = Math.max(10, 3 * idleP95);
    rows.push(
      row(
        'P13',
        'publish (check + build + switch), every language',
        seconds(first.took),
        '≤ 60 s',
        first.took <= 60_000,
      ),
      row(
        'P13',
        'GET / p95 at 100 req/s while the publish ran (P5’s budget)',
        `${ms(duringP95)} (idle ${ms(idleP95)})${first.during.every(allOk) ? '' : ' — errors'}`,
        `≤ ${ms(limit)}`,
        first.during.every(allOk) && duringP95 <= limit,
      ),
    );

    // The largest language of the release: its bundle's ETag and sizes.
    const release = (await api.call('GET', `releases/cms/${first.number}`)).body as {
      languages: Array<{
        languageId: number;
        language: string;
        hash: string;
        bytes: number;
        gzipBytes: number;
      }>;
    };
    const largest = release.languages.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    const current = `${server.url}${API}/releases/current/${largest.languageId}`;

    // Rollback: from the call to the first game read that returns the earlier release.
    const second = await publish('bench: second');
    const rollbacks: number[] = [];
    for (const [to, from] of [
      [first.number, second.number],
      [second.number, first.number],
      [first.number, second.number],
    ] as const) {
      const started = performance.now();
      const rolled = await api.call('POST', `releases/cms/${to}/rollback`, { reason: 'bench' });
      if (rolled.status !== 200) throw new Error(`rollback: ${rolled.status}`);
      for (;;) {
        const read = await rawGet(current, { ...game, 'if-none-match': `"${largest.hash}"` });
        if (read.headers['x-release'] === String(to)) break;
        if (read.headers['x-release'] !== String(from)) throw new Error(`rollback read: ${read.status}`);
        await pause(5);
      }
      rollbacks.push(performance.now() - started);
    }
    const rollback = median(rollbacks);
    rows.push(
      row(
        'P13',
        'rollback until the next game read returns the earlier release',
        ms(rollback),
        '≤ 1 s',
        rollback <= 1000,
      ),
    );

    // The game's 304 against a bare node:http server sending the same answer.
    const conditional = { ...game, 'if-none-match': `"${largest.hash}"`, 'accept-encoding': 'gzip, br' };
    const recorded = await rawGet(current, conditional);
    if (recorded.status !== 304) throw new Error(`the game's conditional read answered ${recorded.status}`);
    const file = path.join(tmpdir(), `argus-bench-304-${process.pid}.json`);
    writeFileSync(file, JSON.stringify({ '/304': { status: 304, headers: recorded.headers, body: '' } }));
    const bare = await startHelper('bare-server.ts', [file]);
    // The framework's own ceiling in the same run: the same 304 from a minimal Express app.
    const bareExpress = await startHelper('bare-express.ts', [file]);
    helpers.push(bare, bareExpress);
    const job = { connections: 50, duration: ctx.options.duration, headers: conditional };
    const [app, floor, framework] = await measureRuns(
      ctx.loader,
      [
        { ...job, url: current },
        { ...job, url: `${bare.url}/304` },
        { ...job, url: `${bareExpress.url}/304` },
      ],
      ctx.options.runs,
      { duration: 1 },
    );
    const frameworkRps = med(framework!, (r) => r.rps);
    ctx.notes.push(
      `P13 reference: a minimal Express app's same 304 in the same run: ${Math.round(frameworkRps)} req/s = ${(frameworkRps / med(floor!, (r) => r.rps)).toFixed(2)}× bare node:http; the game's 304 is ${(med(app!, (r) => r.rps) / frameworkRps).toFixed(2)}× of it`,
    );
    // For reference, in the same run: the public fast lane's own 304 (the landing page) against
    // the same kind of floor: what answering before Express costs with the log line and metrics.
    const landingTag = (await rawGet(`${server.url}/`)).headers.etag!;
    const landingAsk = { 'if-none-match': landingTag, 'accept-encoding': 'gzip, br' };
    const landing304 = await rawGet(`${server.url}/`, landingAsk);
    const landingFile = path.join(tmpdir(), `argus-bench-304-landing-${process.pid}.json`);
    writeFileSync(
      landingFile,
      JSON.stringify({ '/': { status: 304, headers: landing304.headers, body: '' } }),
    );
    const landingBare = await startHelper('bare-server.ts', [landingFile]);
    helpers.push(landingBare);
    const landingJob = { connections: 50, duration: ctx.options.duration, headers: landingAsk };
    const [lane, laneFloor] = await measureRuns(
      ctx.loader,
      [
        { ...landingJob, url: `${server.url}/` },
        { ...landingJob, url: `${landingBare.url}/` },
      ],
      ctx.options.runs,
      { duration: 1 },
    );
    const laneRps = med(lane!, (r) => r.rps);
    const laneFloorRps = med(laneFloor!, (r) => r.rps);
    ctx.notes.push(
      `P13 reference: the public fast lane's 304 of / in the same run: ${Math.round(laneRps)} vs ${Math.round(laneFloorRps)} req/s = ${(laneRps / laneFloorRps).toFixed(2)}× bare node:http`,
    );
    const answered = (runs: LoadResult[]) =>
      runs.every((r) => r.errors === 0 && r.statusCodes['304'] === r.requests);
    const ratio = med(app!, (r) => r.rps) / med(floor!, (r) => r.rps);
    rows.push(
      row(
        'P13',
        `the game's 304 (${largest.language}), 50 connections: req/s vs bare node:http`,
        `${Math.round(med(app!, (r) => r.rps))} vs ${Math.round(med(floor!, (r) => r.rps))} = ${ratio.toFixed(2)}×${answered(app!) && answered(floor!) ? '' : ' (wrong answers)'}`,
        '≥ 0.8×',
        answered(app!) && answered(floor!) && ratio >= 0.8,
      ),
    );

    // The largest bundle, gzip, against a static file server sending the same file.
    const numbered = `${server.url}${API}/releases/${first.number}/${largest.languageId}`;
    const full = await rawGet(numbered, { ...game, 'accept-encoding': 'gzip' });
    if (full.status !== 200 || full.headers['content-encoding'] !== 'gzip')
      throw new Error(`bundle: ${full.status}`);
    const bundleFile = path.join(tmpdir(), `argus-bench-bundle-${process.pid}.json.gz`);
    writeFileSync(bundleFile, full.body);
    const files = await startHelper('static-file-server.ts', [bundleFile]);
    helpers.push(files);
    const big = {
      connections: 8,
      duration: ctx.options.duration,
      headers: { ...game, 'accept-encoding': 'gzip' },
      timeoutSeconds: 30,
    };
    const [sent, staticSent] = await measureRuns(
      ctx.loader,
      [
        { ...big, url: numbered },
        { ...big, url: `${files.url}/bundle` },
      ],
      ctx.options.runs,
      { duration: 1 },
    );
    const size = full.body.length;
    const appBytes = med(sent!, (r) => r.rps) * size;
    const staticBytes = med(staticSent!, (r) => r.rps) * size;
    const fullOk = [...sent!, ...staticSent!].every(allOk);
    rows.push(
      row(
        'P13',
        `${largest.language}'s bundle (gzip), 8 connections: bytes/s vs a static file server`,
        `${mb(appBytes)}/s vs ${mb(staticBytes)}/s = ${(appBytes / staticBytes).toFixed(2)}×${fullOk ? '' : ' (errors)'}`,
        '≥ 0.5×',
        fullOk && appBytes / staticBytes >= 0.5,
      ),
      row(
        'P13',
        `${largest.language}'s bundle size: gzip (uncompressed)`,
        `${mb(size)} (${mb(largest.bytes)})`,
        'reported',
        true,
      ),
    );
  } finally {
    for (const helper of helpers) helper.stop();
    if (tokenId !== null) await api.call('DELETE', `tokens/cms/${tokenId}`).catch(() => undefined);
    await api.close();
  }
  return rows;
}
