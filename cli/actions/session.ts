import { ApiError } from '#shared/api-client/index.ts';
import type { Connection } from '../connection.ts';
import { canPrompt, CliError } from '../context.ts';
import { secretFromStdin } from '../stdin.ts';

export interface LoginOptions {
  username?: string;
  passwordStdin?: boolean;
  otp?: string;
}

/**
 * `argus-words login`: username, password, then the one-time code (first login: the QR code to
 * scan, then the code, then the recovery codes, shown once). Each value comes from its option or
 * variable, else from a prompt on a terminal; without a terminal, a missing value is an error.
 */
export async function loginAction(options: LoginOptions, conn: Connection): Promise<void> {
  const { ctx, out, api } = conn;
  const missing = (what: string, how: string) =>
    new CliError(`No ${what}: standard input is not a terminal, so give ${how}.`);

  const username =
    options.username ??
    (canPrompt(ctx) ? (await ctx.prompter.input('Username:')).trim() : null) ??
    raise(missing('username', '--username'));
  let password: string;
  if (options.passwordStdin) password = await secretFromStdin(ctx, 'password');
  else if (ctx.env.ARGUS_PASSWORD) password = ctx.env.ARGUS_PASSWORD;
  else if (canPrompt(ctx)) password = await ctx.prompter.password('Password:');
  else throw missing('password', '--password-stdin or ARGUS_PASSWORD');
  const otpGiven = options.otp ?? (ctx.env.ARGUS_OTP || undefined);
  // Fail before any call when the code cannot be had, rather than after the password was checked.
  if (otpGiven === undefined && !canPrompt(ctx)) throw missing('one-time code', '--otp or ARGUS_OTP');

  const login = await api.auth.login({ username, password }).catch((error: unknown) => {
    throw error instanceof ApiError && error.status === 401
      ? new CliError('User or password not correct')
      : error;
  });
  if (!login.twoFaEnabled || !login.accessToken) throw new CliError('Not authorized');

  if (login.qrCodeUrl) {
    const { toString } = await import('qrcode');
    const qr = await toString(login.qrCodeUrl, { type: 'terminal', small: true });
    out.note('First login: scan this QR code with an authenticator app (or enter the key by hand).');
    out.note(qr);
    out.note(`otpauth URI: ${login.qrCodeUrl}`);
  }
  const otp = (otpGiven ?? (await ctx.prompter.input('One-time code (or a recovery code):'))).trim();
  const verified = await api.auth.verifyOtp({ otp, username }, login.accessToken).catch((error: unknown) => {
    throw error instanceof ApiError && error.status === 401 ? new CliError(error.message) : error;
  });
  await conn.credentials.save(conn.apiUrl, {
    username: login.username || username,
    accessToken: verified.accessToken,
    refreshToken: verified.refreshToken,
    savedAt: new Date(ctx.now()).toISOString(),
  });
  out.message(`Logged in to ${conn.apiUrl} as ${login.username || username}.`);
  if (verified.recoveryCodes?.length) {
    out.note(
      'Recovery codes (each works once instead of a one-time code; keep them safe, they are not shown again):',
    );
    for (const code of verified.recoveryCodes) out.note(`  ${code}`);
  }
  if (out.json) out.result({ apiUrl: conn.apiUrl, username: login.username || username });
}

/** `argus-words logout`: ends the session on the server, then forgets the tokens. */
export async function logoutAction(conn: Connection): Promise<void> {
  const saved = await conn.credentials.login(conn.apiUrl);
  if (!saved) {
    conn.out.message(`Not logged in to ${conn.apiUrl}.`);
    return;
  }
  try {
    await conn.api.auth.logout();
  } catch (error) {
    // The session may have ended already (expired, revoked): the local tokens go either way.
    if (!(error instanceof ApiError) || error.status !== 401) {
      await conn.credentials.save(conn.apiUrl, null);
      throw error;
    }
  }
  await conn.credentials.save(conn.apiUrl, null);
  conn.out.message(`Logged out of ${conn.apiUrl}.`);
}

/**
 * `argus-words whoami`: who the saved login (or the API token) belongs to and what it may reach,
 * after checking that it still works. An external API without the team endpoints names the user only.
 */
export async function whoamiAction(conn: Connection): Promise<void> {
  await conn.requireLogin();
  try {
    const me = await conn.api.team.whoami();
    const who = me.token ? `token "${me.token.name}" of ${me.username.split(' · ')[0]!}` : me.username;
    const expiry = me.token ? ` (expires ${me.token.expiresAt})` : '';
    conn.out.result({ apiUrl: conn.apiUrl, ...me }, () => `${who} at ${conn.apiUrl}: ${me.reach}${expiry}\n`);
    return;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      throw new CliError(
        conn.usesToken
          ? `The API token was refused by ${conn.apiUrl}: it expired, was revoked or is wrong.`
          : `The session at ${conn.apiUrl} has ended: run \`argus-words login\` again.`,
      );
    }
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
  }
  await conn.api.languages.search({ size: 1 });
  const username = await conn.username();
  conn.out.result({ apiUrl: conn.apiUrl, username }, () => `${username} at ${conn.apiUrl}\n`);
}

function raise(error: Error): never {
  throw error;
}
