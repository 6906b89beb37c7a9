import { URI, type TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from './server-processes.ts';

/**
 * Attacks against a real server process: one-time-code brute force across parallel two-factor
 * sessions (the attacker knows the password), password spraying from one address hiding behind
 * forged X-Forwarded-For headers, and one account tried from many addresses behind a trusted proxy.
 * All are throttled; none succeeds.
 */
const API = '/arguscreative/words';
const USERNAME = 'attacked-admin';
const PASSWORD = 'attacked-admin-password';

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('attacks', () => {
  let server: ServerProcess;
  let behindProxy: ServerProcess;
  let totp: TOTP;

  beforeAll(async () => {
    const env = {
      DEMO_CONTENT: 'false',
      ADMIN_USERNAME: USERNAME,
      ADMIN_PASSWORD: PASSWORD,
      NODE_ENV: 'production',
    };
    [server, behindProxy] = await Promise.all([startServer(env), startServer({ ...env, TRUST_PROXY: '1' })]);
    const login = await post(`${server.url}${API}/auth/login`, { username: USERNAME, password: PASSWORD });
    totp = URI.parse(((await login.json()) as { qrCodeUrl: string }).qrCodeUrl) as TOTP;
  }, 60_000);
  afterAll(async () => {
    await Promise.all([server?.stop(), behindProxy?.stop()]);
  });

  it('throttles one-time-code guessing across parallel two-factor sessions; no guess gets in', async () => {
    const sessions = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const res = await post(`${server.url}${API}/auth/login`, { username: USERNAME, password: PASSWORD });
        return ((await res.json()) as { accessToken: string }).accessToken;
      }),
    );
    const right = totp.generate();
    const guesses = sessions.flatMap((token, s) =>
      Array.from({ length: 5 }, (_, g) => {
        let otp = String((s * 5 + g) * 7919)
          .padStart(6, '0')
          .slice(-6);
        if (otp === right) otp = '000001';
        return post(
          `${server.url}${API}/auth/verify-otp`,
          { username: USERNAME, otp },
          { Authorization: `Bearer ${token}` },
        );
      }),
    );
    const statuses = (await Promise.all(guesses)).map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toEqual([]);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    await server.waitForOutput(/"event":"auth\.otp_throttled"/);
  });

  it('throttles spraying from one address whatever X-Forwarded-For it forges (no trusted proxy)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await post(
        `${server.url}${API}/auth/login`,
        { username: `sprayed-${i}`, password: 'Summer2026!!' },
        {
          'X-Forwarded-For': `203.0.113.${i}`,
        },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    await server.waitForOutput(/"event":"auth\.spraying_throttled"/);
  });

  it('slows one account tried from many addresses behind a trusted proxy; the admin still gets in after the delay', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await post(
        `${behindProxy.url}${API}/auth/login`,
        { username: USERNAME, password: `guess-${i}-xxxxxx` },
        {
          'X-Forwarded-For': `198.51.100.${i}`,
        },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    const wait = await post(
      `${behindProxy.url}${API}/auth/login`,
      { username: USERNAME, password: PASSWORD },
      {
        'X-Forwarded-For': '192.0.2.1',
      },
    );
    expect(wait.status).toBe(429);
    const seconds = Number(wait.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 200));
    const admin = await post(
      `${behindProxy.url}${API}/auth/login`,
      { username: USERNAME, password: PASSWORD },
      {
        'X-Forwarded-For': '192.0.2.1',
      },
    );
    expect(admin.status).toBe(200);
  }, 90_000);
});
