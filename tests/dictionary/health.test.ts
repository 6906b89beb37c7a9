import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthReport } from '#shared/health-report.ts';
import type { LevelSolvability } from '#shared/solvability.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startApi, type ApiHarness } from '../api/harness.ts';
import { folderDictionary } from './fixtures.ts';

/** Issue 46: flagged words and the levels only they can solve, in the health report and the workbench. */
describe.each(DIALECTS)('flagged words in the health report and the workbench (%s)', (dialect) => {
  let api: ApiHarness;
  const id: Record<string, number> = {};
  const created = async (path: string, body: object): Promise<number> => {
    const res = await api.post(path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };

  beforeAll(async () => {
    const dictionary = folderDictionary('en_GB', ['stop', 'post', 'spot', 'pots']);
    api = await startApi(dialect, { DICTIONARIES: `English=${dictionary}` });
    id.en = await created('languages/cms', { language: 'English' });
    id.stage = await created('stages/cms', { letterCount: 4, number: 1 });
    id.stop = await created('letter-groups/cms', { letters: 'stop', languageId: id.en, stageId: id.stage });
    id.cat = await created('letter-groups/cms', { letters: 'cat', languageId: id.en, stageId: id.stage });
    // "stop" has four known words and two unknown; every word of "cat" is unknown.
    for (const [group, words] of [
      [id.stop, ['stop', 'post', 'spot', 'pots', 'tops', 'opts']],
      [id.cat, ['tca', 'atc']],
    ] as const) {
      for (const letters of words) {
        const wordId = await created('words/cms', { letters, languageId: id.en });
        await created('letter-group-words/cms', { letterGroupId: group, wordId });
      }
    }
    const level = async (number: number, checkCondition: string, group: number) => {
      const levelId = await created('levels/cms', {
        languageId: id.en,
        stageId: id.stage,
        number,
        checkCondition,
      });
      await created('letter-group-levels/cms', { letterGroupId: group, levelId });
      return levelId;
    };
    id.fine = await level(1, 'words::4::letters::4', id.stop);
    id.flaggedOnly = await level(2, 'words::2', id.cat);
  });
  afterAll(async () => api?.close());

  it('the health report counts flagged words per language and lists the level only flagged words solve', async () => {
    let report: HealthReport | undefined;
    await expect
      .poll(async () => {
        report = (await api.get('health/cms')).body as HealthReport;
        return report.findings !== null && !report.findings.stale;
      })
      .toBe(true);
    const kinds = report!.findings!.kinds;
    const flagged = kinds.find((k) => k.kind === 'flagged-words')!;
    expect(flagged.samples[0]).toMatchObject({
      entity: 'language',
      id: id.en,
      message: 'English: 4 active words are flagged by the dictionary (4 unknown): accept or exclude them',
      list: { entity: 'word', filters: { languageId: String(id.en), flags: 'unknown' } },
    });
    const levels = kinds.find((k) => k.kind === 'flagged-only-level')!;
    expect(levels.count).toBe(1);
    expect(levels.samples[0]).toMatchObject({
      entity: 'level',
      id: id.flaggedOnly,
      list: { entity: 'level', id: id.flaggedOnly },
    });
    expect(levels.samples[0]!.message).toMatch(/only solvable with words the dictionary flagged \(2\)/);
  });

  it('the workbench judges the level without its flagged words', async () => {
    const only = (await api.get(`levels/cms/${id.flaggedOnly}/solvability`)).body as LevelSolvability;
    expect(only.verdict).toBe('solvable');
    expect(only.flagged).toMatchObject({ words: 2, sample: ['atc', 'tca'], verdict: 'unsolvable' });
    const fine = (await api.get(`levels/cms/${id.fine}/solvability`)).body as LevelSolvability;
    expect(fine.flagged).toMatchObject({ words: 2, verdict: 'solvable' });
  });
});
