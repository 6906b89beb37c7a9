import type { Command } from 'commander';
import type { CliContext } from '../context.ts';

/** `argus-words admin …`: create or reset admins, reset their two-factor enrolment. */
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
}
