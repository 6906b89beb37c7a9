import { URI, type TOTP } from 'otpauth';
import { createOrResetAdmin, resetAdminTwoFactor } from '../../server/admin/admins.ts';
import { openDatabase, type DatabaseOptions } from '../../server/db/database.ts';
import { BENCH_ADMIN } from './data/fill.ts';

export const API = '/arguscreative/words';
export const PANEL = '/argusma-words-panel';
// What the panel's browser code sends with state-changing requests (server/http/csrf.ts).
const CSRF = { 'X-Argus-CSRF': '1', 'Sec-Fetch-Site': 'same-origin' };

/**
 * Before the server starts: the bench admin exists with its known password and no two-factor
 * enrolment, so the first login shows the QR code again and the bench plays the authenticator app
 * (as tests/reliability/panel-client.ts does). Runs the migrations too, if the data set predates one.
 */
export async function resetBenchAdmin(options: DatabaseOptions): Promise<void> {
  const database = await openDatabase(options);
  try {
    await createOrResetAdmin(database, BENCH_ADMIN);
    await resetAdminTwoFactor(database, BENCH_ADMIN.username);
  } finally {
    await database.close();
  }
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${new URL(url).pathname}: ${response.status} ${text}`);
  return { response, body: JSON.parse(text) as Record<string, unknown> };
}

export interface BenchAuth {
  /** For `Authorization: Bearer …` on the content API. */
  accessToken: string;
  /** One-time codes for later logins (the panel's). */
  recoveryCodes: string[];
}

/** Password, then a TOTP code from the otpauth URL of the first login: a bearer token. */
export async function apiLogin(baseUrl: string): Promise<BenchAuth> {
  const login = await postJson(`${baseUrl}${API}/auth/login`, BENCH_ADMIN);
  const qr = login.body.qrCodeUrl;
  if (typeof qr !== 'string') throw new Error('The bench admin is already enrolled: no QR code to read');
  const otp = (URI.parse(qr) as TOTP).generate();
  const verify = await postJson(
    `${baseUrl}${API}/auth/verify-otp`,
    { username: BENCH_ADMIN.username, otp },
    { Authorization: `Bearer ${String(login.body.accessToken)}` },
  );
  return {
    accessToken: String(verify.body.accessToken),
    recoveryCodes: (verify.body.recoveryCodes as string[] | undefined) ?? [],
  };
}

function panelCookie(response: Response): string | null {
  const line = response.headers.getSetCookie().find((l) => /^(__Host-)?argus-panel=/.test(l));
  return line ? line.split(';')[0]! : null;
}

/** The panel's two steps with a recovery code: a `Cookie` header value for a logged-in admin. */
export async function panelLogin(baseUrl: string, auth: BenchAuth): Promise<string> {
  const code = auth.recoveryCodes.shift();
  if (!code) throw new Error('No recovery code left for the panel login');
  const login = await postJson(`${baseUrl}${PANEL}/session/login`, BENCH_ADMIN, CSRF);
  let cookie = panelCookie(login.response) ?? '';
  const verify = await postJson(
    `${baseUrl}${PANEL}/session/verify-otp`,
    { otp: code },
    { ...CSRF, Cookie: cookie },
  );
  cookie = panelCookie(verify.response) ?? cookie;
  const state = await fetch(`${baseUrl}${PANEL}/session`, { headers: { Cookie: cookie } });
  const body = (await state.json()) as { state?: string };
  if (body.state !== 'logged-in') throw new Error(`The panel session is "${body.state}", not logged in`);
  return cookie;
}
