import type { Command } from 'commander';
import type { Connection } from '../connection.ts';

const PERMISSIONS = 'administrator, editor or viewer';
const TOKEN_PERMISSIONS = 'administrator, editor, viewer, or game (the game: reads releases only)';

/** `argus-words accounts …` and `argus-words tokens …`: the team, for administrators (issue 33). */
export function registerTeamCommands(program: Command, connection: () => Connection): void {
  const actions = () => import('../actions/team.ts');
  const accounts = program
    .command('accounts')
    .description(
      'Panel accounts: invite, list, change permissions and languages, deactivate, reset two-factor.',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  $ argus-words accounts invite marie --permissions editor --languages French\n  $ argus-words accounts list',
    );
  accounts
    .command('list')
    .description('Every panel account with its permissions, languages, state and last login.')
    .addHelpText('after', '\nExample:\n  $ argus-words accounts list --json')
    .action(async () => (await actions()).accountsListAction(connection()));
  accounts
    .command('invite <username>')
    .description(
      'Create an account and print its enrolment link (24 hours, once): the person chooses a password, then sets up two-factor at the first login.',
    )
    .requiredOption('--permissions <set>', PERMISSIONS)
    .option('--languages <names>', 'limit it to these languages (comma-separated names)')
    .addHelpText(
      'after',
      '\nExample:\n  $ argus-words accounts invite marie --permissions editor --languages French,German',
    )
    .action(async (username: string, options: { permissions: string; languages?: string }) =>
      (await actions()).accountsInviteAction(username, options, connection()),
    );
  accounts
    .command('update <username>')
    .description(
      'Change an account: its permission set, its languages ("all" for every one), or whether it is active.',
    )
    .option('--permissions <set>', PERMISSIONS)
    .option('--languages <names>', 'comma-separated names, or "all"')
    .option('--active <true|false>', 'reactivate or deactivate it')
    .addHelpText('after', '\nExample:\n  $ argus-words accounts update marie --languages French,Spanish')
    .action(
      async (username: string, options: { permissions?: string; languages?: string; active?: string }) =>
        (await actions()).accountsUpdateAction(username, options, connection()),
    );
  for (const [step, text] of [
    ['deactivate', 'Deactivate an account and end its sessions (the last administrator cannot be).'],
    ['reset-2fa', "Reset an account's two-factor: its next login shows a new QR code."],
    ['end-sessions', 'End every session of an account at once.'],
  ] as const) {
    accounts
      .command(`${step} <username>`)
      .description(text)
      .addHelpText('after', `\nExample:\n  $ argus-words accounts ${step} marie`)
      .action(async (username: string) => (await actions()).accountsStepAction(step, username, connection()));
  }

  const tokens = program
    .command('tokens')
    .description(
      'API tokens for scripts and schedulers: use one with ARGUS_TOKEN or --token-stdin, no login needed.',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  $ argus-words tokens list\n  $ export ARGUS_TOKEN=$(argus-words tokens create --name nightly --permissions editor --expires 30d)',
    );
  tokens
    .command('list')
    .description('Every token (never the token itself) with its owner, reach, expiry and last use.')
    .addHelpText('after', '\nExample:\n  $ argus-words tokens list')
    .action(async () => (await actions()).tokensListAction(connection()));
  tokens
    .command('create')
    .description('Create a token and print it alone on stdout (shown once; only a keyed hash is kept).')
    .requiredOption('--name <name>', 'what the token is for (shown in the audit log)')
    .requiredOption('--permissions <set>', TOKEN_PERMISSIONS)
    .option('--languages <names>', 'limit it to these languages (comma-separated names)')
    .requiredOption('--expires <days>', 'when it stops working: 30d, 12w, 1y (at most a year)')
    .addHelpText(
      'after',
      '\nExample:\n  $ argus-words tokens create --name nightly-import --permissions editor --languages French --expires 90d',
    )
    .action(async (options: { name: string; permissions: string; languages?: string; expires: string }) =>
      (await actions()).tokensCreateAction(options, connection()),
    );
  tokens
    .command('revoke <token>')
    .description('Revoke a token by its id or name: refused from its next request on, on every instance.')
    .addHelpText('after', '\nExample:\n  $ argus-words tokens revoke nightly-import')
    .action(async (which: string) => (await actions()).tokensRevokeAction(which, connection()));
}
