import type { Handler } from '../../server/app.ts';
import { URI, type TOTP } from 'otpauth';
import request from 'supertest';
import { testDatabase } from './databases.ts';
import { createAdmin } from './admin-login.ts';
import { createApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { openDatabase, type DatabaseHandle, type Dialect } from '../../server/db/database.ts';

export const PREFIX = '/arguscreative/words';
/** A /cms/ endpoint, behind requireAdmin. */
export const PROBE = `${PREFIX}/languages/cms/search/`;
export const PASSWORD = 'a-long-test-password';
/** 2030-01-01T00:00:00Z: the start of a TOTP time step. */
export const T0 = Date.UTC(2030, 0, 1);
export const STEP = 30_000;

export interface AuthTestApp {
  app: Handler;
  /** A second connection to the app's database, for arranging and inspecting rows. */
  database: DatabaseHandle;
  config: Config;
  /** The injected clock: tests move time with `at`. */
  readonly now: number;
  at(ms: number): void;
  close(): Promise<void>;
}

/** The real app on a fresh database of the dialect, with a controllable clock. */
export async function startAuthApp(dialect: Dialect, env: Record<string, string> = {}): Promise<AuthTestApp> {
  const testDb = testDatabase(dialect);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: testDb.options.dataDir,
    DEMO_CONTENT: 'false',
    ADMIN_PASSWORD: 'bootstrap-admin-password',
    ...env,
  });
  let now = T0;
  const handle = await createApp(config, { database: testDb.options, clock: () => now });
  const database = await openDatabase(testDb.options);
  return {
    app: handle.handler,
    database,
    config,
    get now() {
      return now;
    },
    at: (ms) => {
      now = ms;
    },
    close: async () => {
      await database.close();
      await handle.close();
      await testDb.drop();
    },
  };
}

let counter = 0;
/** A fresh admin with a unique name, so each test starts from its own enrolment state. */
export async function newAdmin(h: AuthTestApp): Promise<{ userId: number; username: string }> {
  const username = `admin${++counter}-${Math.random().toString(36).slice(2, 7)}`;
  const { userId } = await createAdmin(h.database, { username, password: PASSWORD });
  return { userId, username };
}

export function login(h: AuthTestApp, username: string, password = PASSWORD) {
  return request(h.app).post(`${PREFIX}/auth/login`).send({ username, password });
}

export function verify(h: AuthTestApp, twoFactorToken: string, body: Record<string, unknown>) {
  return request(h.app)
    .post(`${PREFIX}/auth/verify-otp`)
    .set('Authorization', `Bearer ${twoFactorToken}`)
    .send(body);
}

/** Logs in and returns the two-factor token and the authenticator (from the QR code URI). */
export async function startLogin(h: AuthTestApp, username: string, totp?: TOTP) {
  const res = await login(h, username);
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  const authenticator = totp ?? (URI.parse(res.body.qrCodeUrl) as TOTP);
  return { twoFactorToken: res.body.accessToken as string, totp: authenticator, body: res.body };
}

export const codeAt = (totp: TOTP, ms: number) => totp.generate({ timestamp: ms });

/** A fully enrolled admin with a session: returns tokens, authenticator and recovery codes. */
export async function enrolledAdmin(h: AuthTestApp) {
  const admin = await newAdmin(h);
  const { twoFactorToken, totp } = await startLogin(h, admin.username);
  const res = await verify(h, twoFactorToken, { otp: codeAt(totp, h.now), username: admin.username });
  if (res.status !== 200) throw new Error(`enrolment failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    ...admin,
    totp,
    accessToken: res.body.accessToken as string,
    refreshToken: res.body.refreshToken as string,
    recoveryCodes: res.body.recoveryCodes as string[],
  };
}
