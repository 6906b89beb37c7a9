import type { Handler } from '../../server/app.ts';
import { URI, type TOTP } from 'otpauth';
import request from 'supertest';
import { createOrResetAdmin } from '../../server/admin/admins.ts';
import type { DatabaseHandle } from '../../server/db/database.ts';

/** Creates (or resets) an admin through the real maintenance code: users row + argon2 credentials. */
export async function createAdmin(
  database: DatabaseHandle,
  { username, password }: { username: string; password: string },
): Promise<{ userId: number }> {
  const { userId } = await createOrResetAdmin(database, { username, password });
  return { userId };
}

interface Enrolment {
  totp: TOTP;
  recoveryCodes: string[];
  lastStep: number;
}

// What an authenticator app would remember, per app and username: the secret scanned at enrolment.
const enrolments = new WeakMap<Handler, Map<string, Enrolment>>();

/**
 * The real two-step login over HTTP: POST login, then verify-otp with a TOTP computed from the
 * scanned otpauth URI at `clock()` (default Date.now; pass the app's clock). A step can be used
 * once only, so a second login within the same 30 s falls back to one of the recovery codes.
 */
export async function loginAsAdmin(
  app: Handler,
  opts: { username: string; password: string; clock?: () => number; prefix?: string },
): Promise<{ accessToken: string; refreshToken: string }> {
  const prefix = opts.prefix ?? '/arguscreative/words';
  const clock = opts.clock ?? Date.now;
  const login = await request(app)
    .post(`${prefix}/auth/login`)
    .send({ username: opts.username, password: opts.password });
  if (login.status !== 200 || !login.body.twoFaEnabled) {
    throw new Error(`Admin login of ${opts.username} failed: ${login.status} ${JSON.stringify(login.body)}`);
  }

  const known = enrolments.get(app) ?? new Map<string, Enrolment>();
  enrolments.set(app, known);
  if (login.body.qrCodeUrl) {
    known.set(opts.username, {
      totp: URI.parse(login.body.qrCodeUrl) as TOTP,
      recoveryCodes: [],
      lastStep: -1,
    });
  }
  const enrolment = known.get(opts.username);
  if (!enrolment) {
    throw new Error(`${opts.username} enrolled outside this helper: its TOTP secret is unknown here`);
  }

  const now = clock();
  const step = enrolment.totp.counter({ timestamp: now });
  let otp: string;
  if (step > enrolment.lastStep) {
    otp = enrolment.totp.generate({ timestamp: now });
    enrolment.lastStep = step;
  } else {
    const code = enrolment.recoveryCodes.shift();
    if (!code) throw new Error(`No recovery code left to log ${opts.username} in again within one time step`);
    otp = code;
  }

  const verify = await request(app)
    .post(`${prefix}/auth/verify-otp`)
    .set('Authorization', `Bearer ${login.body.accessToken}`)
    .send({ otp, username: opts.username });
  if (verify.status !== 200) {
    throw new Error(
      `Two-factor verification of ${opts.username} failed: ${verify.status} ${JSON.stringify(verify.body)}`,
    );
  }
  if (Array.isArray(verify.body.recoveryCodes)) enrolment.recoveryCodes = [...verify.body.recoveryCodes];
  return { accessToken: verify.body.accessToken, refreshToken: verify.body.refreshToken };
}
