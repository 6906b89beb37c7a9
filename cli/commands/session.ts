import type { Command } from 'commander';
import type { Connection } from '../connection.ts';
import type { LoginOptions } from '../actions/session.ts';

/** `argus-words login | logout | whoami`: the tokens every other API command uses. */
export function registerSessionCommands(program: Command, connection: () => Connection): void {
  const actions = () => import('../actions/session.ts');
  program
    .command('login')
    .summary('Log in to the API and keep the tokens for the next commands.')
    .description(
      'Log in to the API (username, password, one-time code) and keep the tokens in ' +
        '$XDG_CONFIG_HOME/argus-words/credentials.json (mode 0600). The first login shows the QR code to ' +
        'scan and the recovery codes. Never give the password as an argument: it is prompted, read from ' +
        'stdin (--password-stdin) or taken from ARGUS_PASSWORD.',
    )
    .option('--username <name>', 'the admin to log in as')
    .option('--password-stdin', 'read the password from standard input')
    .option('--otp <code>', 'the one-time code (or a recovery code); also ARGUS_OTP')
    .addHelpText(
      'after',
      '\nExamples:\n  $ argus-words login\n' +
        '  $ argus-words --api https://cms.example.org/arguscreative/words login --username alice\n' +
        '  $ printf %s "$PASSWORD" | argus-words login --username alice --password-stdin --otp 123456',
    )
    .action(async (options: LoginOptions) => (await actions()).loginAction(options, connection()));

  program
    .command('logout')
    .description('End the session on the server and delete the saved tokens of this API.')
    .addHelpText('after', '\nExample:\n  $ argus-words logout')
    .action(async () => (await actions()).logoutAction(connection()));

  program
    .command('whoami')
    .description('Show who the saved tokens of this API belong to (after checking they still work).')
    .addHelpText('after', '\nExample:\n  $ argus-words whoami --json')
    .action(async () => (await actions()).whoamiAction(connection()));
}
