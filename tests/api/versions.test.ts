/**
 * Optimistic concurrency through HTTP (issue 12): every record read alone carries its version as a
 * strong ETag; PUT and DELETE with If-Match write only while the record still has that version,
 * else 412 naming the record and who changed it when; without If-Match nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordVersion } from '#shared/record-version.ts';
import { language, stage } from '#shared/entities/index.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { START, startApi, type ApiHarness } from './harness.ts';

describe.each(DIALECTS)('record versions (%s)', (dialect) => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi(dialect);
  });
  afterAll(async () => api?.close());

  async function newLanguage(name: string): Promise<{ id: number; etag: string }> {
    const created = await api.post('languages/cms', { language: name });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { id: created.body.id as number, etag: created.headers.etag as string };
  }

  it('GET, POST and PUT answer a strong ETag that the shared code computes from the values too', async () => {
    const { id, etag } = await newLanguage('Versioned');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const read = await api.get(`languages/cms/${id}`);
    expect(read.headers.etag).toBe(etag);
    expect(recordVersion(language, read.body as Record<string, unknown>)).toBe(etag);

    const saved = await api.put(`languages/cms/${id}`, { language: 'Versioned two' }).set('If-Match', etag);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.headers.etag).not.toBe(etag);
    expect((await api.get(`languages/cms/${id}`)).headers.etag).toBe(saved.headers.etag);
  });

  it('a PUT holding an old version is refused with 412 naming the record, who and when; nothing is written', async () => {
    const { id, etag } = await newLanguage('Contested');
    api.clock.now = START + 60_000;
    const first = await api.put(`languages/cms/${id}`, { language: 'Contested A' }).set('If-Match', etag);
    expect(first.status).toBe(200);
    api.clock.now = START;

    const second = await api.put(`languages/cms/${id}`, { language: 'Contested B' }).set('If-Match', etag);
    expect(second.status).toBe(412);
    expect(second.body.message).toBe(
      `Language ${id} has changed since you read it (last changed by admin at 2025-01-15T10:01:00.000Z): read it again and reapply your change`,
    );
    expect(second.headers.etag).toBe(first.headers.etag);
    expect((await api.get(`languages/cms/${id}`)).body.language).toBe('Contested A');

    // The current version, a list holding it, or * go ahead.
    const list = `"0000", ${first.headers.etag as string}`;
    const third = await api.put(`languages/cms/${id}`, { language: 'Contested C' }).set('If-Match', list);
    expect(third.status).toBe(200);
    const any = await api.put(`languages/cms/${id}`, { language: 'Contested D' }).set('If-Match', '*');
    expect(any.status).toBe(200);
    // A weak tag never matches strongly.
    const weak = await api
      .put(`languages/cms/${id}`, { language: 'Contested E' })
      .set('If-Match', `W/${any.headers.etag as string}`);
    expect(weak.status).toBe(412);
  });

  it('without If-Match the last write still wins (SPEC §7 clients unchanged)', async () => {
    const { id } = await newLanguage('Unguarded');
    expect((await api.put(`languages/cms/${id}`, { language: 'Unguarded A' })).status).toBe(200);
    expect((await api.put(`languages/cms/${id}`, { language: 'Unguarded B' })).status).toBe(200);
  });

  it('DELETE honours If-Match too', async () => {
    const { id, etag } = await newLanguage('Doomed');
    const changed = await api.put(`languages/cms/${id}`, { isActive: false });
    const refused = await api.del(`languages/cms/${id}`).set('If-Match', etag);
    expect(refused.status).toBe(412);
    expect(refused.body.message).toMatch(new RegExp(`^Language ${id} has changed since you read it`));
    expect((await api.get(`languages/cms/${id}`)).status).toBe(200);
    const removed = await api.del(`languages/cms/${id}`).set('If-Match', changed.headers.etag as string);
    expect(removed.status).toBe(200);
    expect((await api.get(`languages/cms/${id}`)).status).toBe(404);
  });

  it('a malformed If-Match is a 400 saying what to send; a missing record stays a 404', async () => {
    const { id } = await newLanguage('Malformed');
    const bad = await api.put(`languages/cms/${id}`, { language: 'x' }).set('If-Match', 'abc');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^If-Match must be \* or quoted entity tags/);
    const gone = await api.put('languages/cms/999999', { language: 'x' }).set('If-Match', '"abc"');
    expect(gone.status).toBe(404);
  });

  it('two writes racing with the same version: exactly one lands', async () => {
    const created = await api.post('stages/cms', { letterCount: 4, number: 40, letters: 'race' });
    const id = created.body.id as number;
    const etag = created.headers.etag as string;
    const answers = await Promise.all(
      ['one', 'two', 'three', 'four'].map((letters) =>
        api.put(`stages/cms/${id}`, { letters }).set('If-Match', etag),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 412, 412, 412]);
    const stored = (await api.get(`stages/cms/${id}`)).body as Record<string, unknown>;
    const winner = answers.find((answer) => answer.status === 200)!;
    expect(stored.letters).toBe(winner.body.letters);
    expect(recordVersion(stage, stored)).toBe(winner.headers.etag);
  });
});
