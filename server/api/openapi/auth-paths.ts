/** The authentication endpoints (bodies from `shared/auth-schemas.ts`); all public, bearer where noted. */
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (id: string, description: string) => ({
  description,
  content: { 'application/json': { schema: ref(id) } },
});
const body = (id: string) => ({ required: true, content: { 'application/json': { schema: ref(id) } } });

export const authPaths = {
  '/auth/login': {
    post: {
      operationId: 'login',
      tags: ['Authentication'],
      security: [],
      summary: 'Log in with username and password (first step)',
      requestBody: body('LoginRequest'),
      responses: {
        200: json('LoginResponse', 'Admins continue with verify-otp.'),
        400: json('ValidationError', 'Malformed body.'),
        401: json('Error', "'User or password not correct'."),
        429: json('Error', 'Too many attempts; see Retry-After.'),
      },
    },
  },
  '/auth/verify-otp': {
    post: {
      operationId: 'verifyOtp',
      tags: ['Authentication'],
      security: [{ bearerAuth: [] }],
      summary:
        'Second factor: the two-factor token from login as bearer, a TOTP or recovery code in the body',
      requestBody: body('VerifyOtpRequest'),
      responses: {
        200: json('VerifyOtpResponse', 'A new session.'),
        400: json('ValidationError', 'Malformed body.'),
        401: json('Error', 'Wrong code or void two-factor token.'),
        429: json('Error', 'Too many attempts; see Retry-After.'),
      },
    },
  },
  '/auth/refresh-token': {
    get: {
      operationId: 'refreshToken',
      tags: ['Authentication'],
      security: [{ bearerAuth: [] }],
      summary: 'Exchange the refresh token (bearer) for a new access token and a rotated refresh token',
      responses: {
        200: json('RefreshTokenResponse', 'A new pair.'),
        401: json('Error', 'Invalid, expired or reused refresh token.'),
      },
    },
  },
  '/auth/logout': {
    post: {
      operationId: 'logout',
      tags: ['Authentication'],
      security: [{ bearerAuth: [] }],
      summary: 'End the session of a refresh token (bearer or body)',
      requestBody: { required: false, content: { 'application/json': { schema: ref('LogoutRequest') } } },
      responses: { 204: { description: 'Logged out.' }, 401: json('Error', 'Unknown token.') },
    },
  },
};
