import type { Command } from 'commander';
import type { CliContext } from '../context.ts';

/** `argus-words admin …`: admins and their two-factor enrolment; backup and restore of the database. */
export function registerAdminCommands(program: Command, ctx: CliContext): void {
  const admin = program
    .command('admin')
    .description('Create admins, reset their password or two-factor enrolment.')
    .addHelpText('after', '\nExample:\n  $ argus-words admin reset-2fa --username alice');

  admin
    .command('create')
    .description(
      'Create an admin, or reset the password of an existing one (which also reactivates it and ends its sessions). ' +
        'The password is prompted twice, or read from stdin with --password-stdin; never give it as an argument.',
    )
    .requiredOption('--username <name>', 'the admin to create or reset')
    .option('--password-stdin', 'read the password from standard input (one line)')
    .addHelpText(
      'after',
      '\nExamples:\n  $ argus-words admin create --username alice\n  $ cat password.txt | argus-words admin create --username alice --password-stdin',
    )
    .action(async (options: { username: string; passwordStdin?: boolean }) => {
      const { createAdminAction } = await import('../actions/admin.ts');
      await createAdminAction(options, ctx);
    });

  admin
    .command('reset-2fa')
    .description(
      "Clear an admin's two-factor enrolment, recovery codes and sessions: the next login shows a new QR code.",
    )
    .requiredOption('--username <name>', 'the admin whose two-factor enrolment to reset')
    .addHelpText('after', '\nExample:\n  $ argus-words admin reset-2fa --username alice')
    .action(async (options: { username: string }) => {
      const { resetTwoFactorAction } = await import('../actions/admin.ts');
      await resetTwoFactorAction(options, ctx);
    });

  admin
    .command('backup <file>')
    .description('Copy the SQLite database (DATA_DIR) to FILE, consistently, while the server runs.')
    .addHelpText('after', '\nExample:\n  $ argus-words admin backup backups/argus-2026-11-24.sqlite')
    .action(async (file: string) => {
      const { backupAction } = await import('../actions/backup.ts');
      await backupAction(file, ctx);
    });

  admin
    .command('restore <file>')
    .description('Check FILE (a backup), then copy it over the SQLite database (DATA_DIR).')
    .addHelpText('after', '\nExample:\n  $ argus-words admin restore backups/argus-2026-11-24.sqlite')
    .action(async (file: string) => {
      const { restoreAction } = await import('../actions/backup.ts');
      await restoreAction(file, ctx);
    });
}
