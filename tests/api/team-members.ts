import request from 'supertest';
import { loginAsAdmin } from '../helpers/admin-login.ts';
import { PREFIX, type ApiHarness } from './harness.ts';

export const MEMBER_PASSWORD = 'a-long-member-password';

/** Calls of the API with one bearer token (a session's access token or an API token). */
export function callsAs(api: ApiHarness, token: string) {
  const auth = (test: request.Test) => test.set('Authorization', `Bearer ${token}`);
  return {
    get: (path: string) => auth(request(api.app).get(`${PREFIX}/${path}`)),
    post: (path: string, body?: object, headers: Record<string, string> = {}) =>
      auth(request(api.app).post(`${PREFIX}/${path}`))
        .set(headers)
        .send(body),
    put: (path: string, body: object) => auth(request(api.app).put(`${PREFIX}/${path}`)).send(body),
    del: (path: string) => auth(request(api.app).delete(`${PREFIX}/${path}`)),
  };
}

/**
 * A panel account invited by the harness's administrator, enrolled through its link and logged in
 * with real two-factor: its id and access token.
 */
export async function invitedMember(
  api: ApiHarness,
  username: string,
  permissions: 'administrator' | 'editor' | 'viewer',
  languages?: number[],
): Promise<{ id: number; token: string }> {
  const invited = await api.post('accounts/cms', {
    username,
    permissions,
    ...(languages ? { languages } : {}),
  });
  if (invited.status !== 201)
    throw new Error(`invite ${username}: ${invited.status} ${JSON.stringify(invited.body)}`);
  const link = new URL(invited.body.enrolmentPath, 'http://x').searchParams.get('token')!;
  const enrol = await request(api.app)
    .post(`${PREFIX}/auth/enrol`)
    .send({ token: link, password: MEMBER_PASSWORD });
  if (enrol.status !== 200)
    throw new Error(`enrol ${username}: ${enrol.status} ${JSON.stringify(enrol.body)}`);
  const { accessToken } = await loginAsAdmin(api.app, {
    username,
    password: MEMBER_PASSWORD,
    clock: () => api.clock.now,
  });
  return { id: invited.body.account.id as number, token: accessToken };
}

/** An API token made by the session `by` (an administrator's): the token and its id. */
export async function apiToken(
  api: ApiHarness,
  by: string,
  body: { name: string; permissions: string; languages?: number[]; expiresInDays?: number },
): Promise<{ id: number; token: string }> {
  const made = await callsAs(api, by).post('tokens/cms', { expiresInDays: 30, ...body });
  if (made.status !== 201) throw new Error(`token ${body.name}: ${made.status} ${JSON.stringify(made.body)}`);
  return { id: made.body.id as number, token: made.body.token as string };
}
