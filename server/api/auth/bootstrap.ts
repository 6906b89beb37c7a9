import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import { AdminError, createOrResetAdmin, hasAdmin } from '../../admin/admins.ts';
import { generatePassword } from './passwords.ts';
import { securityEvent } from '../../observability/security-events.ts';

/**
 * First start: with no admin, create one from ADMIN_USERNAME / ADMIN_PASSWORD. Without a
 * configured password a strong one is generated and printed once through `print` (the console),
 * never through the logger, whose output may be kept in files. Later starts do nothing.
 */
export async function ensureAdmin(deps: {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  print?: (line: string) => void;
}): Promise<void> {
  const { config, database, logger } = deps;
  const print = deps.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  if (await hasAdmin(database)) return;

  const { username } = config.admin;
  const generated = config.admin.password === null;
  const password = config.admin.password ?? generatePassword();
  const { userId } = await createOrResetAdmin(database, { username, password }).catch((error: unknown) => {
    if (error instanceof AdminError)
      throw new Error(`Cannot create the first admin (ADMIN_USERNAME): ${error.message}`);
    throw error;
  });
  securityEvent(logger, 'admin.created', { userId, username, ip: null, via: 'first start' });
  logger.info(
    { userId, username },
    generated
      ? 'created the first admin with a generated password (printed once on the console)'
      : 'created the first admin from ADMIN_USERNAME and ADMIN_PASSWORD',
  );
  if (generated) {
    box(
      [
        'Argus Words: first admin account created',
        '',
        `  username: ${username}`,
        `  password: ${password}`,
        '',
        'This password is shown only once. Log in to the panel to set up',
        'two-factor authentication; change the password with:',
        `  argus-words admin create --username ${username}`,
      ],
      print,
    );
  }
}

function box(lines: string[], print: (line: string) => void): void {
  const width = Math.max(...lines.map((line) => line.length));
  print(`┌${'─'.repeat(width + 2)}┐`);
  for (const line of lines) print(`│ ${line.padEnd(width)} │`);
  print(`└${'─'.repeat(width + 2)}┘`);
}
