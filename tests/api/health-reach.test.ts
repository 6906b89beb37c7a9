/**
 * Issue 43, item 6: the content health report of an account limited to some languages counts,
 * finds and shows activity of its languages' rows only — not the whole table's counts, not another
 * language's findings, not the latest writes of everyone filtered down to nothing. On both
 * databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthReport } from '#shared/health-report.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startApi, type ApiHarness } from './harness.ts';
import { callsAs, invitedMember } from './team-members.ts';

describe.each(DIALECTS)('the health report within reach (%s)', (dialect) => {
  let api: ApiHarness;
  const ids = { english: 0, spanish: 0, stage: 0 };
  const english = new Set<string>();
  const spanish = new Set<string>();
  let enViewer = '';
  let allViewer = '';

  const make = async (path: string, body: object, language: 'en' | 'es') => {
    const res = await api.post(path, body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    (language === 'en' ? english : spanish).add(`${path.split('/')[0]}:${String(res.body.id)}`);
    return res.body.id as number;
  };
  const report = async (token: string) => {
    const res = await callsAs(api, token).get('health/cms');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as HealthReport;
  };

  beforeAll(async () => {
    api = await startApi(dialect);
    ids.english = (await api.post('languages/cms', { language: 'English' })).body.id;
    ids.spanish = (await api.post('languages/cms', { language: 'Spanish' })).body.id;
    english.add(`languages:${ids.english}`);
    spanish.add(`languages:${ids.spanish}`);
    ids.stage = (await api.post('stages/cms', { letterCount: 5, number: 1 })).body.id;
    // A stage is every language's: its history is everyone's.
    english.add(`stages:${ids.stage}`);
    enViewer = (await invitedMember(api, 'en-viewer', 'viewer', [ids.english])).token;
    allViewer = (await invitedMember(api, 'all-viewer', 'viewer')).token;
    const en = { languageId: ids.english };
    const es = { languageId: ids.spanish };
    // English first: the latest writes of all are Spanish, ten of them and more.
    const stone = await make('words/cms', { letters: 'stone', ...en }, 'en');
    const notes = await make('words/cms', { letters: 'notes', ...en }, 'en');
    const group = await make('letter-groups/cms', { letters: 'stone', stageId: ids.stage, ...en }, 'en');
    await make('letter-groups/cms', { letters: 'tonal', stageId: ids.stage, ...en }, 'en');
    for (const wordId of [stone, notes])
      await make('letter-group-words/cms', { letterGroupId: group, wordId }, 'en');
    const perro = await make('words/cms', { letters: 'perro', ...es }, 'es');
    for (const letters of ['gatos', 'casas', 'lunas', 'playa', 'nubes', 'arena']) {
      await make('words/cms', { letters, ...es }, 'es');
    }
    const esGroup = await make('letter-groups/cms', { letters: 'perro', stageId: ids.stage, ...es }, 'es');
    await make('letter-group-words/cms', { letterGroupId: esGroup, wordId: perro }, 'es');
    // More than a finding's five samples: a count that is the whole content's would show.
    for (const letters of ['lunas', 'playa', 'nubes', 'arena', 'gatos']) {
      await make('letter-groups/cms', { letters, stageId: ids.stage, ...es }, 'es');
    }
  });
  afterAll(async () => api?.close());

  it("counts only its languages' rows per table, links included", async () => {
    const admin = await report(api.token);
    expect(admin.counts.tables).toMatchObject({
      languages: 2,
      stages: 1,
      words: 9,
      'letter-groups': 8,
      'letter-group-words': 3,
    });
    const limited = await report(enViewer);
    expect(limited.counts.tables).toEqual({
      languages: 1,
      stages: 1,
      levels: 0,
      words: 2,
      'letter-groups': 2,
      'letter-group-words': 2,
      'letter-group-levels': 0,
    });
    // Every language, but no players' or team tables.
    const all = await report(allViewer);
    const { users: _users, 'user-levels': _results, ...content } = admin.counts.tables;
    expect(all.counts.tables).toEqual(content);
    expect(limited.counts.wordsByLanguage).toEqual([
      { languageId: ids.english, language: 'English', words: 2 },
    ]);
  });

  it("finds its languages' problems only, counted and sampled within them", async () => {
    const empty = (body: HealthReport) => body.findings?.kinds.find((k) => k.kind === 'empty-letter-group');
    expect(empty(await report(api.token))?.count).toBe(6);
    const limited = empty(await report(enViewer))!;
    expect(limited.count).toBe(1);
    expect(limited.samples.map((s) => s.message)).toEqual([expect.stringContaining('tonal')]);
    expect(JSON.stringify((await report(enViewer)).findings)).not.toMatch(/lunas|playa|nubes|arena|gatos/);
  });

  it("shows the latest writes about its languages' rows, and counts only those per day", async () => {
    const admin = await report(api.token);
    expect(admin.activity.every((a) => spanish.has(`${a.resource}:${a.entityId}`))).toBe(true);
    const limited = await report(enViewer);
    expect(limited.activity.length).toBeGreaterThan(0);
    expect(limited.activity.every((a) => english.has(`${a.resource}:${a.entityId}`))).toBe(true);
    const sum = (body: HealthReport) => body.editsPerDay.reduce((n, d) => n + d.edits, 0);
    // What its history shows it, no more: the same condition.
    const history = await callsAs(api, enViewer).get('audit/cms/search?size=1');
    expect(sum(limited)).toBe(history.body.totalElements);
    expect(sum(limited)).toBe(english.size);
    expect(sum(admin)).toBeGreaterThan(sum(limited));
  });
});
