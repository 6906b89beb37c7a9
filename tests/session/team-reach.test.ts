/**
 * A viewer in the panel (issue 33), server-rendered: invited through the proxy, enrolled through
 * the session's enrol endpoint, logged in with two-factor; its session says what it may reach,
 * and its screens offer no change (no Add New, no Undo) and say why.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { CSRF, logInToPanel, PANEL, testClock } from './helpers.ts';

describe('panel: a viewer sees what it may do, and why not the rest', () => {
  const clock = testClock();
  let app: TestApp;
  let admin: string;
  let viewer: string;
  let changeSet: string;
  let ownSet: string;

  beforeAll(async () => {
    app = await startTestApp({}, { clock: clock.now });
    await app.listen();
    admin = await logInToPanel(
      app,
      { username: 'admin', password: 'correct-horse-battery-staple' },
      clock.now(),
    );
    const proxy = (cookie: string) => (method: 'get' | 'post' | 'put', path: string) =>
      request(app.url)[method](`${PANEL}/api/${path}`).set(CSRF).set('Cookie', cookie);
    changeSet = randomUUID();
    const language = await proxy(admin)('post', 'languages/cms')
      .set('X-Change-Set', changeSet)
      .set('X-Change-Set-Command', 'test')
      .send({ language: 'French' });
    expect(language.status).toBe(201);
    const invited = await proxy(admin)('post', 'accounts/cms').send({
      username: 'vera',
      permissions: 'viewer',
    });
    expect(invited.status, invited.text).toBe(201);
    const token = new URL(invited.body.enrolmentPath, app.url).searchParams.get('token');
    const password = 'a-long-viewer-password';
    const enrol = await request(app.url).post(`${PANEL}/session/enrol`).set(CSRF).send({ token, password });
    expect(enrol.status, enrol.text).toBe(200);
    clock.advance(30_000);
    viewer = await logInToPanel(app, { username: 'vera', password }, clock.now());
    // A change set of vera's own, made while she was an editor for a moment (issue 43: an account
    // that is no administrator sees its own change sets only).
    const account = `accounts/cms/${String(invited.body.account.id)}`;
    const setReach = (permissions: string) => proxy(admin)('put', account).send({ permissions });
    expect((await setReach('editor')).status).toBe(200);
    ownSet = randomUUID();
    const own = await proxy(viewer)('post', 'languages/cms')
      .set('X-Change-Set', ownSet)
      .set('X-Change-Set-Command', 'vera')
      .send({ language: 'German' });
    expect(own.status, own.text).toBe(201);
    expect((await setReach('viewer')).status).toBe(200);
  });
  afterAll(async () => app?.stop());

  const page = (cookie: string, path: string) =>
    request(app.url).get(`${PANEL}${path}`).set('Cookie', cookie);

  it('holds the reach in the session status, never a token', async () => {
    const status = await page(viewer, '/session');
    expect(status.body).toMatchObject({
      state: 'logged-in',
      username: 'vera',
      reach: { permissions: 'viewer', languages: null },
      reachText: 'viewer',
    });
    expect(status.text).not.toMatch(/argus_|accessToken/);
  });

  it('renders lists and change sets without what a viewer cannot do, saying why', async () => {
    const words = await page(viewer, '/word');
    expect(words.status).toBe(200);
    expect(words.text).toContain('Your account (viewer) may view words but not change them.');
    expect(words.text).not.toContain('Add New');
    const set = await page(viewer, `/changes/${ownSet}`);
    expect(set.status).toBe(200);
    expect(set.text).toContain('Your account (viewer) may view change sets but not undo them.');
    // The administrator's is not the viewer's to see.
    expect((await page(viewer, `/changes/${changeSet}`)).status).toBe(404);
    // The administrator's screen offers the undo.
    const own = await page(admin, `/changes/${changeSet}`);
    expect(own.text).not.toContain('may view change sets');
    expect((await page(admin, '/word')).text).toContain('Add New');
  });
});
