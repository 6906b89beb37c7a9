import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A stand-in for an external content API (UPSTREAM_API_URL) on a random port: the auth endpoints
 * of SPEC §7 with rotating tokens, and `{resource}/cms/...` answering what it was asked. Every
 * request is recorded; the knobs below make it refuse, hang or misbehave.
 */
export class FakeUpstream {
  readonly seen: SeenRequest[] = [];
  validAccess = new Set<string>();
  validRefresh = new Set<string>();
  refreshCalls = 0;
  logoutCalls: string[] = [];
  /** Answer to login: admin with two-factor by default. */
  twoFaEnabled = true;
  /** Message of a refused verify-otp (null: accept any code). */
  verifyRefusal: string | null = null;
  refreshFails = false;
  /** Resource paths that never answer. */
  hang = false;
  redirect = false;
  /** Resource paths answer bytes that are not HTTP at all. */
  garbage = false;
  /** Resource paths answer after this many ms (0: at once). */
  slowMs = 0;
  /** Resource paths fail with a 500 and an HTML page holding a stack trace (a crashed backend). */
  crash = false;
  private counter = 0;
  private server: Server | null = null;
  url = '';

  private issue(kind: string): string {
    this.counter += 1;
    return `${kind}-${this.counter}-${Math.random().toString(36).slice(2)}`;
  }

  /** Makes every access token handed out so far stale (the next resource call gets a 401). */
  expireAccessTokens(): void {
    this.validAccess.clear();
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        this.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        const resource = !(req.url ?? '').includes('/auth/');
        if (resource && this.garbage) {
          req.socket.end('\u0000\u0001 not HTTP at all \r\n\r\n');
          return;
        }
        setTimeout(
          () =>
            this.answer(
              req.method ?? '',
              req.url ?? '',
              req.headers,
              body,
              (status, payload, headers = {}) => {
                res.writeHead(status, { 'content-type': 'application/json', ...headers });
                res.end(payload === undefined ? '' : JSON.stringify(payload));
              },
            ),
          resource ? this.slowMs : 0,
        );
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}/arguscreative/words`;
    return this.url;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private answer(
    method: string,
    url: string,
    headers: IncomingHttpHeaders,
    body: string,
    send: (status: number, payload?: unknown, headers?: Record<string, string | string[]>) => void,
  ): void {
    const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1] ?? '';
    const path = url.replace('/arguscreative/words', '').split('?')[0];
    if (path === '/auth/login') {
      const { username } = JSON.parse(body || '{}') as { username?: string };
      if (username === 'nobody') return send(401, { message: 'Bad credentials (upstream wording)' });
      if (username === 'slow')
        return send(429, { message: 'Too many attempts. Try again in 60 seconds.' }, { 'retry-after': '60' });
      return send(200, {
        twoFaEnabled: this.twoFaEnabled,
        username,
        accessToken: this.twoFaEnabled ? this.issue('two-factor') : null,
        refreshToken: null,
        qrCodeUrl: this.twoFaEnabled
          ? 'otpauth://totp/Argus:admin?secret=JBSWY3DPEHPK3PXP&issuer=Argus'
          : null,
      });
    }
    if (path === '/auth/verify-otp') {
      if (this.verifyRefusal) return send(401, { message: this.verifyRefusal });
      const accessToken = this.issue('access');
      const refreshToken = this.issue('refresh');
      this.validAccess.add(accessToken);
      this.validRefresh.add(refreshToken);
      return send(200, { token: accessToken, accessToken, refreshToken });
    }
    if (path === '/auth/refresh-token') {
      this.refreshCalls += 1;
      if (this.refreshFails || !this.validRefresh.delete(bearer))
        return send(401, { message: 'Invalid or expired token.' });
      const accessToken = this.issue('access');
      const refreshToken = this.issue('refresh');
      this.validAccess.add(accessToken);
      this.validRefresh.add(refreshToken);
      // Answer a little later, so concurrent callers really overlap with the refresh in flight.
      setTimeout(() => send(200, { accessToken, refreshToken }), 50);
      return;
    }
    if (path === '/auth/logout') {
      this.logoutCalls.push(bearer);
      this.validRefresh.delete(bearer);
      return send(204);
    }
    if (this.hang) return;
    if (this.crash) {
      return send(
        500,
        '<html><body><pre>TypeError: x is undefined\n    at handler (/srv/app/secret-internals.js:42:7)</pre></body></html>',
        {
          'content-type': 'text/html',
        },
      );
    }
    if (!this.validAccess.has(bearer)) return send(401, { message: 'Invalid or expired token.' });
    if (this.redirect) return send(302, { message: 'moved' }, { location: 'http://evil.example/steal' });
    send(
      200,
      {
        content: [],
        totalPages: 0,
        method,
        path,
        query: url.split('?')[1] ?? '',
        body: body ? (JSON.parse(body) as unknown) : null,
      },
      { 'set-cookie': 'upstream=1; Path=/', 'x-upstream-secret': 'internal', etag: '"abc"' },
    );
  }
}
