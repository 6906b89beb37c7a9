import type { LoginRequest, LoginResponse, VerifyOtpRequest, VerifyOtpResponse } from '../auth-schemas.ts';
import { ApiError } from './errors.ts';
import type { Tokens, Transport } from './transport.ts';

export interface AuthClient {
  /** `POST auth/login` (no bearer). Admins get a two-factor token in `accessToken`. */
  login(body: LoginRequest): Promise<LoginResponse>;
  /**
   * `POST auth/verify-otp` with the two-factor token as bearer (the given one, else the held access
   * token). The new pair is returned, not stored: the caller decides where it lives.
   */
  verifyOtp(body: VerifyOtpRequest, twoFactorToken?: string): Promise<VerifyOtpResponse>;
  /** `GET auth/refresh-token` with the refresh token: the new pair, also stored with `tokens.set`. */
  refresh(): Promise<Tokens>;
  /** `POST auth/logout` with the refresh token: ends the session upstream (a 401 means it had ended). */
  logout(): Promise<void>;
}

export function authClient(transport: Transport): AuthClient {
  return {
    login: (body) =>
      transport.call<LoginResponse>({ method: 'POST', path: 'auth/login', body, bearer: 'none' }),

    async verifyOtp(body, twoFactorToken) {
      const answer = await transport.call<Partial<VerifyOtpResponse> | null>({
        method: 'POST',
        path: 'auth/verify-otp',
        body,
        bearer: twoFactorToken === undefined ? 'access-once' : { token: twoFactorToken },
      });
      // SPEC §7 reads the answer as {token} or as {accessToken, refreshToken}: both are accepted.
      const accessToken = answer?.accessToken ?? answer?.token;
      if (typeof accessToken !== 'string' || accessToken === '') {
        throw new ApiError('The verify-otp answer holds no token', { status: 200, body: answer });
      }
      return {
        ...answer,
        token: answer?.token ?? accessToken,
        accessToken,
        refreshToken: answer?.refreshToken ?? '',
      };
    },

    refresh: () => transport.refresh(),

    async logout() {
      try {
        await transport.call({ method: 'POST', path: 'auth/logout', bearer: 'refresh' });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 401)) throw error;
      }
    },
  };
}
