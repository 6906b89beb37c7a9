import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { findingListPath, type HealthReport } from '#shared/health-report.ts';
import { groupWordsOf, lintInput, type LintContent, type Problem } from '#shared/lint/index.ts';
import { loadLintInput } from '../../server/api/health/content.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { useApiWithFixture } from './harness.ts';

/** The panel home's content health report (issue 13): counts, lint findings, activity, edits per day. */
describe.each(DIALECTS)('health report (%s)', (dialect) => {
  const { api, f } = useApiWithFixture(dialect);

  const report = async () => {
    const res = await api.get('health/cms');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as HealthReport;
  };
  const kind = (body: HealthReport, name: string) => body.findings?.kinds.find((k) => k.kind === name);

  it('counts rows per table and per language and stage', async () => {
    const body = await report();
    expect(body.counts.tables).toMatchObject({
      languages: 2,
      stages: 2,
      levels: 1,
      'letter-groups': 1,
      words: 3,
    });
    expect(body.counts.byLanguageStage).toContainEqual({
      languageId: f.english,
      language: 'English',
      stageId: f.stage5,
      stageNumber: 1,
      levels: 1,
      letterGroups: 1,
    });
    expect(body.counts.wordsByLanguage).toContainEqual({
      languageId: f.english,
      language: 'English',
      words: 2,
    });
  });

  it('a letter group without words is a finding linking to the list that shows it', async () => {
    const body = await report();
    const empty = kind(body, 'empty-letter-group');
    expect(empty?.count).toBe(1);
    expect(empty?.samples[0]).toMatchObject({ entity: 'letter-group', id: f.group });
    expect(findingListPath(empty!.samples[0]!.list)).toBe(
      `/argusma-words-panel/letter-group?letters=pasta&languageId=${f.english}&stageId=${f.stage5}`,
    );
    // The level has no letter group yet: an orphan, shown by its (empty) list of letter groups.
    const orphan = kind(body, 'level-without-letter-groups');
    expect(orphan?.samples.map((s) => s.id)).toEqual([f.level]);
    expect(findingListPath(orphan!.samples[0]!.list)).toBe(
      `/argusma-words-panel/letter-group-level?levelId=${f.level}`,
    );
  });

  it('an unsolvable level appears as soon as it is created, with the words it lacks', async () => {
    for (const wordId of f.words.slice(0, 2)) {
      expect((await api.post('letter-group-words/cms', { letterGroupId: f.group, wordId })).status).toBe(201);
    }
    const level = await api.post('levels/cms', {
      hint: 'Needs five words',
      languageId: f.english,
      stageId: f.stage5,
      checkCondition: 'words::5',
    });
    expect(level.status, JSON.stringify(level.body)).toBe(201);
    await api.post('letter-group-levels/cms', { letterGroupId: f.group, levelId: level.body.id });
    const body = await report();
    expect(body.findings?.stale).toBe(false);
    const unsolvable = kind(body, 'unsatisfiable-level');
    expect(unsolvable?.count).toBe(1);
    expect(unsolvable?.samples[0]).toMatchObject({ entity: 'level', id: level.body.id });
    expect(unsolvable?.samples[0]?.message).toContain('2 usable words, 5 needed');
    // Linked to the level's form (its workbench says why), and the kind to the level list filtered
    // to the unsolvable ones: the list that shows them all.
    expect(findingListPath(unsolvable!.samples[0]!.list)).toBe(
      `/argusma-words-panel/level/update/${level.body.id}`,
    );
    expect(findingListPath(unsolvable!.all!)).toBe('/argusma-words-panel/level?solvable=no');
    const listed = await api.get('levels/cms/search?solvable=no&size=100');
    expect(listed.body.content.map((row: { id: number }) => row.id)).toContain(level.body.id);
    // The letter group has words now: no longer empty.
    expect(kind(body, 'empty-letter-group')).toBeUndefined();
  });

  it('letter groups of the wrong length and references to inactive rows, each with its list', async () => {
    const short = await api.post('letter-groups/cms', {
      letters: 'tap',
      languageId: f.english,
      stageId: f.stage5,
    });
    expect(short.status, JSON.stringify(short.body)).toBe(201);
    const inactive = await api.post('letter-groups/cms', {
      letters: 'taps',
      languageId: f.english,
      stageId: f.stage6,
    });
    expect(inactive.status, JSON.stringify(inactive.body)).toBe(201);
    const body = await report();
    const mismatch = kind(body, 'letter-count-mismatch');
    expect(mismatch?.samples.map((s) => s.id)).toContain(short.body.id);
    const sample = mismatch!.samples.find((s) => s.id === short.body.id)!;
    expect(sample.message).toContain('has 3 letters');
    expect(findingListPath(sample.list)).toBe(
      `/argusma-words-panel/letter-group?letters=tap&languageId=${f.english}&stageId=${f.stage5}`,
    );
    // Stage 6 is inactive: the active letter group in it refers to an inactive row.
    const references = kind(body, 'inactive-reference');
    expect(
      references?.samples.some((s) => s.id === inactive.body.id && /inactive stage/.test(s.message)),
    ).toBe(true);
  });

  it.runIf(dialect === 'postgres')(
    'sees a write committed by another instance or client at once, even without an audit entry',
    async () => {
      // Another instance's write may commit after a higher audit id was handed out, and an
      // operator's SQL writes none: the report follows the tables' own change counters.
      const group = await api.post('letter-groups/cms', {
        letters: 'pat',
        languageId: f.english,
        stageId: f.stage5,
      });
      expect(group.status).toBe(201);
      const mismatched = (body: HealthReport) =>
        kind(body, 'letter-count-mismatch')?.samples.map((sample) => sample.id) ?? [];
      expect(mismatched(await report())).toContain(group.body.id);
      await sql`update letter_groups set letters = 'paths' where id = ${group.body.id as number}`.execute(
        api.database.db,
      );
      const after = await report();
      expect(after.findings!.stale).toBe(false);
      expect(mismatched(after)).not.toContain(group.body.id);
    },
  );

  it('the server reads the same content as the CLI: the same problems, one implementation', async () => {
    // A linked word that is inactive: summed up by SQL on one side, read whole on the other.
    const apt = await api.post('words/cms', { letters: 'apt', languageId: f.english, isActive: false });
    expect(apt.status, JSON.stringify(apt.body)).toBe(201);
    await api.post('letter-group-words/cms', { letterGroupId: f.group, wordId: apt.body.id });
    const all = async <T>(resource: string): Promise<T[]> =>
      (await api.get(`${resource}/cms/search/?size=100`)).body.content as T[];
    const links = await all<{ letterGroupId: number; wordId: number }>('letter-group-words');
    const wordsOfGroup = new Map<number, number[]>();
    for (const link of links)
      wordsOfGroup.set(link.letterGroupId, [...(wordsOfGroup.get(link.letterGroupId) ?? []), link.wordId]);
    // Read through the API, as `argus-words lint` does.
    const content: LintContent = {
      languages: await all('languages'),
      stages: await all('stages'),
      levels: await all('levels'),
      letterGroups: await all('letter-groups'),
      letterGroupLevels: await all('letter-group-levels'),
      words: await all('words'),
      wordsOfGroup,
    };
    const lines = (problems: Problem[]) =>
      problems.map((p) => `${p.kind} ${p.entity} ${p.id}: ${p.message}`).sort();
    const viaApi = lines(await lintInput({ ...content, groupWords: groupWordsOf(content) }));
    const viaSql = lines(await lintInput(await loadLintInput(api.database)));
    expect(viaApi.length).toBeGreaterThan(3);
    expect(viaApi.some((line) => line.includes(`linked to inactive word ${apt.body.id}`))).toBe(true);
    expect(viaSql).toEqual(viaApi);
  });

  it('lists the latest audit entries and counts today’s edits', async () => {
    const body = await report();
    expect(body.activity.length).toBeGreaterThan(0);
    expect(body.activity[0]).toMatchObject({ resource: 'letter-group-words', action: 'create' });
    expect(body.editsPerDay).toHaveLength(30);
    const today = new Date(api.clock.now).toISOString().slice(0, 10);
    expect(body.editsPerDay.at(-1)?.day).toBe(today);
    expect(body.editsPerDay.at(-1)!.edits).toBeGreaterThanOrEqual(10);
    expect(body.editsPerDay.slice(0, -1).every((d) => d.edits === 0)).toBe(true);
  });

  it('is admin-only and takes no parameters', async () => {
    expect((await api.get('health/cms').set('Authorization', 'Bearer nope')).status).toBe(401);
    const res = await api.get('health/cms?x=1');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/no parameters/);
    expect((await api.post('health/cms')).status).toBe(405);
  });

  it('is rate-limited per admin', async () => {
    let status = 200;
    for (let i = 0; i < 70 && status === 200; i++) status = (await api.get('health/cms')).status;
    expect(status).toBe(429);
    const res = await api.get('health/cms');
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.body.message).toMatch(/Too many health reports/);
  });
});
