import type * as z from 'zod';
import * as auth from '#shared/auth-schemas.ts';
import { declare, type OperationSpec } from '../http/operation.ts';
import { errorSchema, named, validationErrorSchema } from '../openapi/components.ts';

/**
 * The authentication endpoints (issue 3, SPEC §4, §7, §8): public, the bearer where noted. Their
 * bodies are read leniently and checked by the handlers with these same schemas (http.ts,
 * parseBody), so every failure keeps SPEC §8's wording.
 */

/** Authentication bodies are a few fields. */
export const AUTH_BODY_LIMIT = 16 * 1024;

const common = {
  tag: 'Authentication',
  caller: 'anyone',
  contract: true,
} as const satisfies Partial<OperationSpec>;
const body = (schema: z.ZodType, what: string, optional = false) => ({
  schema,
  limit: AUTH_BODY_LIMIT,
  what,
  parse: (value: unknown) => value,
  optional,
});
const error = (description: string) => ({ description, schema: errorSchema });
const tooMany = { 429: error('Too many attempts; see Retry-After.') };

export const login = declare({
  ...common,
  method: 'post',
  path: '/auth/login',
  operationId: 'login',
  summary: 'Log in with username and password (first step)',
  body: body(named(auth.loginRequestSchema, 'LoginRequest'), 'login'),
  responses: {
    200: {
      description: 'Admins continue with verify-otp.',
      schema: named(auth.loginResponseSchema, 'LoginResponse'),
    },
    400: { description: 'Malformed body.', schema: validationErrorSchema },
    401: error("'User or password not correct'."),
    ...tooMany,
  },
});

export const verifyOtp = declare({
  ...common,
  bearer: true,
  method: 'post',
  path: '/auth/verify-otp',
  operationId: 'verifyOtp',
  summary: 'Second factor: the two-factor token from login as bearer, a TOTP or recovery code in the body',
  body: body(named(auth.verifyOtpRequestSchema, 'VerifyOtpRequest'), 'code'),
  responses: {
    200: { description: 'A new session.', schema: named(auth.verifyOtpResponseSchema, 'VerifyOtpResponse') },
    400: { description: 'Malformed body.', schema: validationErrorSchema },
    401: error('Wrong code or void two-factor token.'),
    ...tooMany,
  },
});

export const refreshToken = declare({
  ...common,
  bearer: true,
  method: 'get',
  path: '/auth/refresh-token',
  operationId: 'refreshToken',
  summary: 'Exchange the refresh token (bearer) for a new access token and a rotated refresh token',
  responses: {
    200: {
      description: 'A new pair.',
      schema: named(auth.refreshTokenResponseSchema, 'RefreshTokenResponse'),
    },
    401: error('Invalid, expired or reused refresh token.'),
  },
});

export const logout = declare({
  ...common,
  bearer: true,
  method: 'post',
  path: '/auth/logout',
  operationId: 'logout',
  summary: 'End the session of a refresh token (bearer or body)',
  body: body(named(auth.logoutRequestSchema, 'LogoutRequest'), 'logout', true),
  responses: {
    204: { description: 'Logged out.' },
    400: { description: 'Malformed body.', schema: validationErrorSchema },
    401: error('Unknown token.'),
  },
});
