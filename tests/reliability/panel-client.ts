import { URI, type TOTP } from 'otpauth';

/** What the panel's browser code sends with every state-changing request (server/http/csrf.ts). */
const CSRF = { 'X-Argus-CSRF': '1', 'Sec-Fetch-Site': 'same-origin' };
const API = '/arguscreative/words';
export const PANEL = '/argusma-words-panel';

/**
 * Enrols an admin through the content API, as the authenticator app and the first login would:
 * returns the recovery codes, each good for one later login in place of a one-time code.
 */
export async function enrolAdmin(baseUrl: string, username: string, password: string): Promise<string[]> {
  const login = await postJson(`${baseUrl}${API}/auth/login`, { username, password });
  const body = (await login.json()) as { accessToken: string; qrCodeUrl: string | null };
  if (login.status !== 200 || !body.qrCodeUrl) throw new Error(`enrolment login failed: ${login.status}`);
  const otp = (URI.parse(body.qrCodeUrl) as TOTP).generate();
  const verify = await postJson(`${baseUrl}${API}/auth/verify-otp`, { username, otp }, body.accessToken);
  const verified = (await verify.json()) as { recoveryCodes?: string[] };
  if (verify.status !== 200 || !verified.recoveryCodes) throw new Error(`enrolment failed: ${verify.status}`);
  return verified.recoveryCodes;
}

function postJson(url: string, body: unknown, bearer?: string, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

function cookieOf(res: Response): string | null {
  const line = res.headers.getSetCookie().find((l) => /^(__Host-)?argus-panel=/.test(l));
  return line ? line.split(';')[0]! : null;
}

/** A browser's panel session: one cookie, usable against any instance sharing the session store. */
export class PanelBrowser {
  cookie = '';

  /** Password step, then the code step with a recovery code. */
  async login(baseUrl: string, username: string, password: string, recoveryCode: string): Promise<void> {
    const login = await postJson(`${baseUrl}${PANEL}/session/login`, { username, password }, undefined, CSRF);
    if (login.status !== 200) throw new Error(`panel login failed: ${login.status} ${await login.text()}`);
    this.cookie = cookieOf(login) ?? this.cookie;
    const verify = await fetch(`${baseUrl}${PANEL}/session/verify-otp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: this.cookie, ...CSRF },
      body: JSON.stringify({ otp: recoveryCode }),
    });
    if (verify.status !== 200)
      throw new Error(`panel code step failed: ${verify.status} ${await verify.text()}`);
    this.cookie = cookieOf(verify) ?? this.cookie;
  }

  /** A proxied content API call, as the panel's list screens make it. */
  async search(baseUrl: string, resource = 'languages'): Promise<number> {
    const res = await fetch(`${baseUrl}${PANEL}/api/${resource}/cms/search/?size=1`, {
      headers: { Cookie: this.cookie },
    });
    await res.arrayBuffer();
    return res.status;
  }

  /** A proxied create; the answer's status and JSON body. */
  async create(
    baseUrl: string,
    resource: string,
    body: unknown,
  ): Promise<{ status: number; body: { id?: number; message?: string } }> {
    const res = await fetch(`${baseUrl}${PANEL}/api/${resource}/cms`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: this.cookie, ...CSRF },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: { id?: number; message?: string } = { message: text };
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text for the assertion message
    }
    return { status: res.status, body: parsed };
  }

  async state(baseUrl: string): Promise<string> {
    const res = await fetch(`${baseUrl}${PANEL}/session`, { headers: { Cookie: this.cookie } });
    return ((await res.json()) as { state: string }).state;
  }
}
