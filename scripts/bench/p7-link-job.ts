import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Agent, request } from 'undici';
import { API } from './auth.ts';
import type { BenchContext } from './context.ts';
import { HUGE, sevenLetterWorld, wronglyLinked } from './p6-cli.ts';
import { median, row, skip, type Row } from './report.ts';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * P7J: the panel's link job (issue 13) for the same 10,000 letter groups of 7 letters as P7, on a
 * stage of their own, against american-english-huge: started through the API, polled to its end.
 * Meanwhile `/healthz` is asked every 100 ms; its slowest answer shows whether the job held the
 * event loop (the matching and the writes pause between slices, inside the job's write
 * transactions: server/api/links/job-runner.ts).
 */
export async function p7LinkJob(ctx: BenchContext): Promise<Row[]> {
  if (!existsSync(HUGE)) return [skip('P7J', 'link job, 10,000 letter groups', `${HUGE} is missing`)];
  const { w, words, groups, db } = await sevenLetterWorld(ctx);
  const stage = db
    .prepare("INSERT INTO stages (letters, letter_count, number) VALUES ('link job', 7, 7001) RETURNING id")
    .get() as { id: number };
  const insert = db.prepare('INSERT INTO letter_groups (letters, language_id, stage_id) VALUES (?, 1, ?)');
  db.transaction(() => groups.forEach((g) => insert.run(g, stage.id)))();

  const headers = { authorization: `Bearer ${w.accessToken}`, 'content-type': 'application/json' };
  const base = `${w.server.url}${API}/letter-groups/cms/link-jobs`;
  // A connection of its own: the global pool's may have idled past the server's keep-alive.
  const dispatcher = new Agent();
  const call = async (url: string, body?: unknown) => {
    const answer = await request(url, {
      method: body === undefined ? 'GET' : 'POST',
      dispatcher,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await answer.body.text();
    return { status: answer.statusCode, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
  // One group's plan, as the link builder screen asks for it (the words of ≤ 7 letters read and matched).
  const firstGroup = db.prepare('SELECT id FROM letter_groups WHERE stage_id = ? LIMIT 1').get(stage.id) as {
    id: number;
  };
  const planTimes: number[] = [];
  let planned = 0;
  for (let i = 0; i < 5; i++) {
    const asked = performance.now();
    const plan = await call(`${w.server.url}${API}/letter-groups/cms/${firstGroup.id}/link-plan`);
    planTimes.push(performance.now() - asked);
    planned = (plan.body.add as unknown[] | undefined)?.length ?? -1;
  }
  const started = performance.now();
  const answer = await call(base, { where: { stageId: stage.id } });
  if (answer.status !== 202) throw new Error(`link job: ${answer.status} ${JSON.stringify(answer.body)}`);
  const id = Number(answer.body.id);
  let slowest = 0;
  const latencies: number[] = [];
  const slow: string[] = [];
  let job: { status: string; result: { created: number } | null; error: string | null };
  for (;;) {
    const asked = performance.now();
    await call(`${w.server.url}/healthz`);
    const took = performance.now() - asked;
    slowest = Math.max(slowest, took);
    latencies.push(took);
    if (took > 250) slow.push(`${took.toFixed(0)} ms at ${((asked - started) / 1000).toFixed(1)} s`);
    job = (await call(`${base}/${id}`)).body as unknown as typeof job;
    if (job.status !== 'queued' && job.status !== 'running') break;
    await pause(100);
  }
  const took = performance.now() - started;
  if (slow.length) console.log(`  /healthz slower than 250 ms: ${slow.join(', ')}`);
  const sample = db
    .prepare('SELECT id, letters FROM letter_groups WHERE stage_id = ? ORDER BY id LIMIT 5 OFFSET 1000')
    .all(stage.id) as Array<{ id: number; letters: string }>;
  const wrong = wronglyLinked(db, words, sample);
  db.close();
  await dispatcher.close();
  const failed = job.status !== 'done' ? ` — ${job.status}: ${job.error ?? ''}` : '';
  const planMs = median(planTimes);
  return [
    row(
      'P7J',
      `link plan of one letter group of 7 letters (${planned} words to link; median of 5)`,
      `${planMs.toFixed(0)} ms`,
      '≤ 1 s',
      planned > 0 && planMs <= 1000,
    ),
    row(
      'P7J',
      `link job (panel), ${groups.length.toLocaleString('en')} letter groups of 7 letters, ${job.result?.created.toLocaleString('en') ?? 0} links (5 checked by letter counts)`,
      `${seconds(took)}${failed}${wrong.length ? ` — ${wrong.length} of 5 groups linked the wrong words` : ''}`,
      '≤ 30 s (as P7)',
      failed === '' && wrong.length === 0 && took <= 30_000,
    ),
    row(
      'P7J',
      `/healthz while the link job ran (event loop kept free): median, slowest (load ${loadavg()[0]!.toFixed(1)})`,
      `${median(latencies).toFixed(0)} ms, ${slowest.toFixed(0)} ms`,
      '≤ 250 ms',
      slowest <= 250,
    ),
  ];
}
