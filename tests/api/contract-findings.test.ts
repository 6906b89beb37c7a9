import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGE_SET_HEADER } from '#shared/change-sets.ts';
import { BODY_TIMEOUT_MS } from '../../server/api/http/express-mount.ts';
import { PREFIX, useApiWithFixture } from './harness.ts';

/**
 * What the independent contract run found (issue 44), one test each: a body-less operation refuses
 * a body, however large; an impossible date is a 400; solvability names the row that is missing;
 * `username` filters the change sets as it filters the history; a stalled body gets a JSON 408
 * naming the request, in bounded time. (Limits named right and id 0 are probed for every operation
 * by generated-input.property.test.ts.)
 */
describe('the contract run’s findings', () => {
  const { api, f } = useApiWithFixture('sqlite');

  it('restore, revert and reset-2fa refuse a body, 5 MB included, before reading it', async () => {
    const paths = ['trash/cms/1/restore', 'audit/cms/1/revert', 'accounts/cms/999/reset-2fa'];
    for (const path of paths) {
      const res = await api.post(path, { force: true });
      expect(res.status, path).toBe(400);
      expect(res.body.message).toMatch(/takes no body: send none/);
    }
    const big = await api
      .post('trash/cms/1/restore')
      .set('Content-Type', 'application/json')
      .send(`{"x":"${'a'.repeat(5 * 1024 * 1024)}"}`);
    expect(big.status).toBe(400);
    expect(big.body.message).toMatch(/takes no body/);
  });

  it('an impossible day (2026-02-30) is a 400 naming the parameter, never another day', async () => {
    const res = await api.get(`levels/cms/difficulty?stageId=${f.stage5}&since=2026-02-30`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('since must be a day (2026-11-01)');
    expect(res.body.message).toContain('"2026-02-30"');
  });

  it('solvability names a missing language or letter group instead of answering unsolvable', async () => {
    const language = await api.post('levels/cms/solvability', { languageId: 777, letterGroupIds: [f.group] });
    expect(language.status).toBe(404);
    expect(language.body.message).toBe('Language 777 not found');
    const groups = await api.post('levels/cms/solvability', {
      languageId: f.english,
      letterGroupIds: [f.group, 888_888, 888_889],
    });
    expect(groups.status).toBe(404);
    expect(groups.body.message).toBe('Letter groups 888888, 888889 not found');
  });

  it('username finds the same accounts in change sets as in the history: contains, ignoring case', async () => {
    const set = randomUUID();
    const written = await api
      .post('words/cms', { letters: 'mop', languageId: f.english })
      .set(CHANGE_SET_HEADER, set);
    expect(written.status).toBe(201);
    for (const username of ['admin', 'ADM', 'dmi']) {
      const sets = await api.get(`change-sets/cms/search/?username=${username}`);
      const audit = await api.get(`audit/cms/search/?username=${username}`);
      expect(
        sets.body.content.map((s: { id: string }) => s.id),
        username,
      ).toContain(set);
      expect(audit.body.content.length, username).toBeGreaterThan(0);
    }
    expect((await api.get('change-sets/cms/search/?username=nobody')).body.content).toEqual([]);
  });

  describe('a body shorter than its Content-Length', () => {
    let server: Server;
    beforeAll(async () => {
      server = createServer(api.app).listen(0, '127.0.0.1');
      await once(server, 'listening');
    });
    afterAll(() => new Promise<void>((done) => server.close(() => done())));

    it(`gets a JSON 408 naming its request id within ${BODY_TIMEOUT_MS / 1000} s, and the connection ends`, async () => {
      const { port } = server.address() as AddressInfo;
      const socket = connect(port, '127.0.0.1');
      await once(socket, 'connect');
      const started = Date.now();
      socket.write(
        [
          `POST ${PREFIX}/words/cms HTTP/1.1`,
          'Host: 127.0.0.1',
          `Authorization: Bearer ${api.token}`,
          'Content-Type: application/json',
          'Content-Length: 100',
          '',
          '{"letters":',
        ].join('\r\n'),
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      await once(socket, 'close');
      const waited = Date.now() - started;
      expect(text).toMatch(/^HTTP\/1\.1 408/);
      const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as {
        message: string;
        requestId: string;
      };
      expect(body.requestId.length).toBeGreaterThan(0);
      expect(body.message).toContain(body.requestId);
      expect(waited).toBeLessThan(BODY_TIMEOUT_MS + 5_000);
    }, 30_000);
  });
});
