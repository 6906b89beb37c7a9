import type { Request } from 'express';
import {
  ApiError,
  createApiClient,
  type ApiClient,
  type Tokens,
  type TokenStore,
} from '#shared/api-client/index.ts';
import type { LoginRequest, LoginResponse, VerifyOtpResponse } from '#shared/auth-schemas.ts';
import { UpstreamError, type Upstream } from '../proxy/upstream.ts';
import { FULL_REACH, type Reach } from '#shared/permissions.ts';

/** A TokenStore holding one session's pair for the length of one call. */
function heldTokens(initial: Tokens | null): TokenStore & { current: Tokens | null } {
  return {
    current: initial,
    get() {
      return this.current;
    },
    set(tokens: Tokens | null) {
      this.current = tokens;
    },
  };
}

/**
 * The content API's auth endpoints, called by the server on the browser's behalf with the shared
 * API client (over the proxy's undici pool, redirects never followed).
 */
export function upstreamAuth(upstream: Upstream, req: Request) {
  const client = (tokens?: TokenStore): ApiClient =>
    createApiClient({
      ...upstream.clientWay(req),
      ...(tokens ? { tokens } : {}),
    });

  return {
    login: (body: LoginRequest): Promise<LoginResponse> =>
      client().auth.login(body) as Promise<LoginResponse>,

    verifyOtp: (otp: string, username: string, twoFactorToken: string): Promise<VerifyOtpResponse> =>
      client().auth.verifyOtp({ otp, username }, twoFactorToken) as Promise<VerifyOtpResponse>,

    /** A new pair, or null when the content API refused the refresh token (the session is over). */
    async refresh(tokens: Tokens): Promise<Tokens | null> {
      const held = heldTokens(tokens);
      try {
        await client(held).auth.refresh();
      } catch (error) {
        if (error instanceof ApiError && error.status !== null && error.status >= 400 && error.status < 500) {
          return null;
        }
        throw asUpstreamFailure(error);
      }
      return held.current && held.current.accessToken !== tokens.accessToken ? held.current : null;
    },

    /** An invitation's first password (issue 33): the account's username. */
    enrol: (token: string, password: string): Promise<{ username: string }> =>
      client().team.enrol(token, password),

    /**
     * What the account may reach (issue 33). An external content API without permission sets
     * (no `accounts/cms/me`) treats every account as an administrator, and so does the panel.
     */
    async reach(accessToken: string): Promise<{ reach: Reach; reachText: string }> {
      try {
        const me = await client(heldTokens({ accessToken, refreshToken: null })).team.whoami();
        return { reach: { permissions: me.permissions, languages: me.languages }, reachText: me.reach };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404)
          return { reach: FULL_REACH, reachText: FULL_REACH.permissions };
        throw asUpstreamFailure(error);
      }
    },

    /** Revokes the refresh token's whole session upstream; failures are the caller's to log. */
    async logout(tokens: Tokens): Promise<void> {
      await client(heldTokens(tokens)).auth.logout();
    },
  };
}

/** Network-level failures of the client become the proxy's 502/504. */
export function asUpstreamFailure(error: unknown): unknown {
  if (error instanceof ApiError && error.status === null) {
    if (error.cause instanceof UpstreamError) return error.cause;
    const timedOut = /in time|timeout|timed out|abort/i.test(error.message);
    return new UpstreamError(timedOut ? 'timeout' : 'unreachable', error.message);
  }
  if (error instanceof ApiError && error.status !== null && error.status >= 500) {
    return new UpstreamError('unreachable', 'The content API failed.');
  }
  return error;
}
