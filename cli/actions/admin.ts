import { AdminError, createOrResetAdmin, resetAdminTwoFactor } from '#server/admin/admins.ts';
import { passwordProblem } from '#server/api/auth/passwords.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/database.ts';
import { createLogger } from '#server/logger.ts';
import { securityEvent, type SecurityEventName } from '#server/observability/security-events.ts';
import { CliError, type CliContext } from '../context.ts';
import { secretFromStdin } from '../stdin.ts';

export async function createAdminAction(
  options: { username: string; passwordStdin?: boolean },
  ctx: CliContext,
): Promise<void> {
  const password = options.passwordStdin ? await secretFromStdin(ctx, 'password') : await promptPassword(ctx);
  const problem = passwordProblem(password);
  if (problem) throw new CliError(problem);
  const result = await withDatabase(ctx, (database) =>
    createOrResetAdmin(database, { username: options.username, password }),
  );
  logEvent(ctx, result.created ? 'admin.created' : 'admin.password_reset', options.username);
  ctx.stderr.write(
    result.created
      ? `Admin "${options.username}" created. The first login sets up two-factor authentication.\n`
      : `Password of admin "${options.username}" reset; its sessions were ended.\n`,
  );
}

export async function resetTwoFactorAction(options: { username: string }, ctx: CliContext): Promise<void> {
  await withDatabase(ctx, (database) => resetAdminTwoFactor(database, options.username));
  logEvent(ctx, 'admin.2fa_reset', options.username);
  ctx.stderr.write(
    `Two-factor enrolment of "${options.username}" reset; the next login shows a new QR code to scan.\n`,
  );
}

/** The security event, as a JSON log line on stderr (the operator's log collection sees it). */
function logEvent(ctx: CliContext, event: SecurityEventName, username: string): void {
  const config = loadConfig(ctx.env);
  const logger = createLogger(
    { logLevel: config.logLevel },
    { write: (line: string) => ctx.stderr.write(line) },
  );
  securityEvent(logger, event, { username, ip: null, via: 'argus-words admin' });
}

/** The local database, found through the same environment as the server's. */
async function withDatabase<T>(ctx: CliContext, work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const config = loadConfig(ctx.env);
  const database = await openDatabase(config);
  try {
    return await work(database);
  } catch (error) {
    if (error instanceof AdminError) throw new CliError(error.message);
    throw error;
  } finally {
    await database.close();
  }
}

async function promptPassword(ctx: CliContext): Promise<string> {
  if (!ctx.stdin.isTTY) {
    throw new CliError('Standard input is not a terminal: pipe the password in with --password-stdin.');
  }
  const { createPromptModule } = await import('inquirer');
  const prompt = createPromptModule({ input: ctx.stdin, output: ctx.stdout });
  const { password, again } = await prompt<{ password: string; again: string }>([
    {
      type: 'password',
      name: 'password',
      message: 'New password (at least 12 characters):',
      mask: '*',
      validate: (value: string) => passwordProblem(value) ?? true,
    },
    { type: 'password', name: 'again', message: 'The same password again:', mask: '*' },
  ]);
  if (password !== again) throw new CliError('The two passwords differ; nothing was changed.');
  return password;
}
