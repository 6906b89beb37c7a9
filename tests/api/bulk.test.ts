import { MAX_BULK_ROWS } from '../../shared/entities/bulk.ts';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { useApiWithFixture } from './harness.ts';

describe.each(DIALECTS)('bulk upsert, an extension of the contract (%s)', (dialect) => {
  const { api, f } = useApiWithFixture(dialect);

  const total = async (resource: string) =>
    (await api.get(`${resource}/cms/search?size=1`)).body.totalElements as number;
  const auditCount = async () => (await api.get('audit/cms/search?size=1')).body.totalElements as number;

  it('words: created, updated, unchanged and rejected, per row, upserting on letters + language', async () => {
    const rows = [
      { letters: 'TAP', idLanguage: f.english }, // exists, same values
      { letters: 'pat', languageId: f.english, isActive: false }, // exists, changes
      { letters: 'apt', languageId: f.english }, // new
      { letters: 'apt', languageId: f.english, isActive: false }, // the row just created, changed
      { letters: 'tap', languageId: 999 }, // language does not exist
      { letters: 'ta p', languageId: f.english }, // not a word
      'not an object',
    ];
    const res = await api.post('words/cms/bulk', { rows });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.dryRun).toBe(false);
    expect(res.body.counts).toEqual({ created: 1, updated: 2, unchanged: 1, rejected: 3 });
    const apt = res.body.results[2].id;
    expect(res.body.results).toEqual([
      { index: 0, status: 'unchanged', id: f.words[0] },
      {
        index: 1,
        status: 'updated',
        id: f.words[1],
        changes: { isActive: { from: true, to: false } },
      },
      { index: 2, status: 'created', id: expect.any(Number) },
      { index: 3, status: 'updated', id: apt, changes: { isActive: { from: true, to: false } } },
      {
        index: 4,
        status: 'rejected',
        reason: expect.stringContaining('language 999'),
        fieldErrors: { languageId: [expect.any(String)] },
      },
      {
        index: 5,
        status: 'rejected',
        reason: expect.stringMatching(/space/),
        fieldErrors: { letters: [expect.any(String)] },
      },
      { index: 6, status: 'rejected', reason: 'The word must be a JSON object', fieldErrors: {} },
    ]);
    expect((await api.get(`words/cms/${apt}`)).body).toEqual({
      id: apt,
      letters: 'apt',
      languageId: f.english,
      isActive: false,
      flags: null,
      decision: null,
      decisionReason: null,
    });

    // Rows give only some fields: a second run finds every row as it left it.
    const again = await api.post('words/cms/bulk', { rows: rows.slice(0, 4) });
    expect(again.body.counts).toEqual({ created: 0, updated: 0, unchanged: 4, rejected: 0 });
  });

  it('a dry run answers the same results and writes nothing', async () => {
    const rows = [
      { letters: 'spat', languageId: f.english },
      { letters: 'tap', languageId: f.english, isActive: false },
    ];
    const [words, audit] = [await total('words'), await auditCount()];
    const dry = await api.post('words/cms/bulk', { rows, dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({
      dryRun: true,
      counts: { created: 1, updated: 1, unchanged: 0, rejected: 0 },
    });
    expect(await total('words')).toBe(words);
    expect(await auditCount()).toBe(audit);
    expect((await api.get(`words/cms/${f.words[0]}`)).body.isActive).toBe(true);
    // Nothing was written, so a row the dry run would create has no id yet.
    expect(dry.body.results[0]).toEqual({ index: 0, status: 'created' });

    const real = await api.post('words/cms/bulk', { rows });
    expect(real.body.counts).toEqual(dry.body.counts);
    expect(real.body.results.map((r: { status: string }) => r.status)).toEqual(
      dry.body.results.map((r: { status: string }) => r.status),
    );
    expect(await total('words')).toBe(words + 1);
    const after = await api.post('words/cms/bulk', { rows });
    expect(after.body.counts).toEqual({ created: 0, updated: 0, unchanged: 2, rejected: 0 });
  });

  it('a dry run answers a row repeating a new row of the same batch as the import does', async () => {
    const rows = [
      { letters: 'quip', languageId: f.english },
      { letters: 'QUIP', languageId: f.english, isActive: false },
      { letters: 'quips', languageId: f.english },
    ];
    const dry = await api.post('words/cms/bulk', { rows, dryRun: true });
    const real = await api.post('words/cms/bulk', { rows });
    expect(dry.body.counts).toEqual({ created: 2, updated: 1, unchanged: 0, rejected: 0 });
    expect(real.body.counts).toEqual(dry.body.counts);
    // The row it would create, then change: no id yet, the same change.
    expect(dry.body.results[1]).toEqual({
      index: 1,
      status: 'updated',
      changes: { isActive: { from: true, to: false } },
    });
    expect(real.body.results[1].changes).toEqual(dry.body.results[1].changes);
  });

  it('a row repeating the key of a row 1,500 rows earlier (another slice of the write) updates it, as a dry run says', async () => {
    const letters = (i: number) => `v${i.toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!)}z`;
    const rows: Array<Record<string, unknown>> = Array.from({ length: 1500 }, (_, i) => ({
      letters: letters(i),
      languageId: f.spanish,
    }));
    rows.push({ letters: letters(2).toUpperCase(), languageId: f.spanish, isActive: false });
    const dry = await api.post('words/cms/bulk', { rows, dryRun: true, changesOnly: true });
    const real = await api.post('words/cms/bulk', { rows, changesOnly: true });
    expect(real.body.counts).toEqual({ created: 1500, updated: 1, unchanged: 0, rejected: 0 });
    expect(dry.body.counts).toEqual(real.body.counts);
    const last = real.body.results.at(-1);
    expect(last).toMatchObject({
      index: 1500,
      status: 'updated',
      changes: { isActive: { from: true, to: false } },
    });
    expect(last.id).toBe(real.body.results[2].id);
    expect(dry.body.results.at(-1).changes).toEqual(last.changes);
  });

  it('a second row naming the same id is refused, naming the first; the first is written as sent', async () => {
    const [tap] = f.words;
    const was = (await api.get(`words/cms/${tap}`)).body.isActive as boolean;
    const res = await api.post('words/cms/bulk', {
      rows: [
        { id: tap, isActive: !was },
        { id: tap, isActive: was },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.counts).toEqual({ created: 0, updated: 1, unchanged: 0, rejected: 1 });
    expect(res.body.results[1]).toMatchObject({
      status: 'rejected',
      reason: `Row 2 names word ${tap} again (row 1 does too): send each row once`,
    });
    expect((await api.get(`words/cms/${tap}`)).body.isActive).toBe(!was);
    expect((await api.post('words/cms/bulk', { rows: [{ id: tap, isActive: was }] })).status).toBe(200);
  });

  it('MAX_BULK_ROWS (5,000) rows in one request; one more is refused whole', async () => {
    const letters = (i: number) => `w${i.toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!)}x`;
    const rows = Array.from({ length: MAX_BULK_ROWS }, (_, i) => ({
      letters: letters(i),
      languageId: f.spanish,
    }));
    const before = await total('words');
    const tooMany = await api.post('words/cms/bulk', {
      rows: [...rows, { letters: 'extra', languageId: f.spanish }],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fieldErrors.rows[0]).toMatch(/at most 5000/);
    expect(await total('words')).toBe(before);

    const res = await api.post('words/cms/bulk', { rows });
    expect(res.status).toBe(200);
    expect(res.body.counts).toEqual({ created: MAX_BULK_ROWS, updated: 0, unchanged: 0, rejected: 0 });
    expect(await total('words')).toBe(before + MAX_BULK_ROWS);
    const again = await api.post('words/cms/bulk', { rows });
    expect(again.body.counts.unchanged).toBe(MAX_BULK_ROWS);
  });

  it('levels upsert on language + stage + number', async () => {
    const rows = [
      { languageId: f.english, stageId: f.stage5, number: 1, hint: 'Renamed' }, // the fixture's level
      { idLanguage: f.english, idStage: f.stage5, number: 7, checkCondition: 'letters::5+' },
      { languageId: f.english, stageId: f.stage5, number: 8, checkCondition: 'nonsense' },
    ];
    const res = await api.post('levels/cms/bulk', { rows });
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual([
      'updated',
      'created',
      'rejected',
    ]);
    expect(res.body.results[0].id).toBe(f.level);
    expect((await api.get(`levels/cms/${f.level}`)).body.hint).toBe('Renamed');
  });

  it('link tables, letter groups and languages upsert on their natural keys', async () => {
    const lgw = await api.post('letter-group-words/cms/bulk', {
      rows: [
        { idLetterGroup: f.group, idWord: f.words[0] },
        { idLetterGroup: f.group, idWord: f.words[0] },
        { idLetterGroup: f.group, idWord: 424242 },
      ],
    });
    expect(lgw.body.counts).toEqual({ created: 1, updated: 0, unchanged: 1, rejected: 1 });
    const lgl = await api.post('letter-group-levels/cms/bulk', {
      rows: [
        { letterGroupId: f.group, levelId: f.level, used: true },
        { letterGroupId: f.group, levelId: f.level, used: false },
      ],
    });
    expect(lgl.body.results.map((r: { status: string }) => r.status)).toEqual(['created', 'updated']);
    const groups = await api.post('letter-groups/cms/bulk', {
      rows: [{ letters: 'P A S T A', languageId: f.english, stageId: f.stage5 }],
    });
    expect(groups.body.results[0]).toEqual({ index: 0, status: 'unchanged', id: f.group });
    const languages = await api.post('languages/cms/bulk', {
      rows: [{ language: 'English', isActive: false }],
    });
    expect(languages.body.results[0]).toEqual({
      index: 0,
      status: 'updated',
      id: f.english,
      changes: { isActive: { from: true, to: false } },
    });
  });

  it('400 for a malformed envelope, 413 past 8 MB; tables the API creates no rows in reject new ones', async () => {
    for (const body of [
      {},
      { rows: [] },
      { rows: {} },
      { rows: [{}], dryRun: 'yes' },
      { rows: [{}], extra: 1 },
    ]) {
      const res = await api.post('words/cms/bulk', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fieldErrors).toBeDefined();
    }
    const big = Array.from({ length: MAX_BULK_ROWS }, () => ({
      letters: 'a'.repeat(2100),
      languageId: f.english,
    }));
    expect((await api.post('words/cms/bulk', { rows: big })).status).toBe(413);
    // Stages have no natural key: a row without an id is a new stage.
    const stages = await api.post('stages/cms/bulk', { rows: [{ letterCount: 5, number: 9 }] });
    expect(stages.body.counts).toEqual({ created: 1, updated: 0, unchanged: 0, rejected: 0 });
    const users = await api.post('users/cms/bulk', { rows: [{ username: 'nobody-here' }] });
    expect(users.body.results[0]).toMatchObject({
      status: 'rejected',
      reason: 'No user has this username, and users are not created through the API',
    });
  });

  it('rows naming an id update that row; references may name their row by its fields', async () => {
    const stage = (await api.get(`stages/cms/${f.stage5}`)).body as { number: number };
    const res = await api.post('levels/cms/bulk', {
      dryRun: true,
      rows: [
        { id: f.level, hint: 'By id', stageId: f.stage5 }, // only what changes is checked and written
        { id: 987654, hint: 'Gone' },
        { languageId: { language: 'English' }, stageId: { number: stage.number }, number: 40 },
        { languageId: { language: 'Klingon' }, stageId: f.stage5, number: 41 },
        { languageId: { colour: 'red' }, stageId: f.stage5, number: 42 },
        { id: 'seven' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.dryRun).toBe(true);
    const [byId, missing, byKey, unknown, badField, badId] = res.body.results;
    expect(byId).toMatchObject({ status: 'updated', id: f.level, changes: { hint: { to: 'By id' } } });
    expect(missing).toMatchObject({
      status: 'rejected',
      reason: expect.stringMatching(/Level 987654 does not exist/),
    });
    expect(byKey).toMatchObject({ status: 'created' });
    expect(unknown.reason).toBe('Invalid level: languageId no language has language "Klingon"');
    expect(badField.reason).toBe(
      'Invalid level: languageId names the language wrongly: colour is not a field of Language',
    );
    expect(badId).toMatchObject({
      status: 'rejected',
      fieldErrors: { id: ['must be a whole number from 1 to 2,147,483,647'] },
    });
    expect((await api.get(`levels/cms/${f.level}`)).body.hint).not.toBe('By id');
  });
});
