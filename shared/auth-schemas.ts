import * as z from 'zod';

/**
 * Bodies of the authentication endpoints (`/arguscreative/{product}/auth/…`), shared by the
 * server (validation), the panel and the OpenAPI document. Messages are the ones SPEC §8 shows.
 */

export const loginRequestSchema = z
  .object({
    username: z
      .string({ error: 'Username is required.' })
      .trim()
      .min(1, { error: 'Username is required.' })
      .max(200, { error: 'Username is too long: at most 200 characters.' }),
    password: z
      .string({ error: 'Password is required.' })
      .min(1, { error: 'Password is required.' })
      .max(1024, { error: 'Password is too long: at most 1024 characters.' }),
  })
  .meta({ description: 'Credentials of an admin (or a player, who gets no token).' });

export const loginResponseSchema = z
  .object({
    twoFaEnabled: z.boolean().meta({ description: 'True for admins: continue with verify-otp.' }),
    username: z.string(),
    accessToken: z
      .string()
      .nullable()
      .meta({ description: 'Admins: a two-factor token (5 minutes) good only as bearer of verify-otp.' }),
    refreshToken: z.null(),
    qrCodeUrl: z
      .string()
      .nullable()
      .meta({ description: 'An otpauth://totp/ URI to scan, while the admin has not enrolled yet.' }),
  })
  .meta({ description: 'Login outcome. Players get twoFaEnabled false and no token.' });

export const verifyOtpRequestSchema = z
  .object({
    otp: z
      .string({ error: 'OTP is required.' })
      .trim()
      .min(1, { error: 'OTP is required.' })
      .max(64, { error: 'OTP is too long: at most 64 characters.' })
      .meta({ description: 'A 6-digit TOTP code, or one of the recovery codes (xxxx-xxxx-xxxx).' }),
    username: z
      .string({ error: 'Username is not available.' })
      .trim()
      .min(1, { error: 'Username is not available.' })
      .max(200, { error: 'Username is too long: at most 200 characters.' }),
  })
  .meta({ description: 'Second factor; the two-factor token from login goes in Authorization: Bearer.' });

export const verifyOtpResponseSchema = z
  .object({
    token: z.string().meta({ description: 'Same as accessToken.' }),
    accessToken: z.string().meta({ description: 'Bearer for the /cms/ endpoints, valid 15 minutes.' }),
    refreshToken: z
      .string()
      .meta({ description: 'For GET /auth/refresh-token; the session lasts 12 hours.' }),
    recoveryCodes: z
      .array(z.string())
      .optional()
      .meta({ description: 'Only when this call completed enrolment: 10 single-use codes, shown once.' }),
  })
  .meta({ description: 'A new session.' });

export const refreshTokenResponseSchema = z
  .object({
    accessToken: z.string(),
    refreshToken: z.string().meta({ description: 'The rotated refresh token; the presented one is spent.' }),
  })
  .meta({ description: 'Refresh token (bearer) exchanged for a new pair.' });

export const logoutRequestSchema = z
  .object({
    refreshToken: z.string().min(1).max(200).optional(),
  })
  .meta({ description: 'Optional: the refresh token, when it is not sent as bearer.' });

export const authErrorSchema = z
  .object({
    message: z.string(),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ description: 'Any authentication error (400, 401, 403, 429).' });

export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export type VerifyOtpRequest = z.infer<typeof verifyOtpRequestSchema>;
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponseSchema>;
export type RefreshTokenResponse = z.infer<typeof refreshTokenResponseSchema>;
export type AuthError = z.infer<typeof authErrorSchema>;
