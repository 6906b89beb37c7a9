import type { Command } from 'commander';
import type { RunOptions } from '../actions/run.ts';
import type { Connection } from '../connection.ts';

/** `argus-words run FILE [-- ARGS]`: a content manager's script with the logged-in API client. */
export function registerRunCommand(program: Command, connection: () => Connection): void {
  program
    .command('run')
    .summary('Run a script (TypeScript or JavaScript) against the API; a dry run unless --no-dry-run.')
    .description(
      'Run the default export of FILE (.ts, .mts, .js, .mjs; TypeScript needs no build step) with ' +
        '{ api, args, log, progress, dryRun }: api is the typed API client, logged in with the saved ' +
        'session. By default a dry run: reads are sent, writes are only recorded and printed as the plan ' +
        '(fields old → new). With --no-dry-run the writes are sent, each request applied whole or not at ' +
        'all. A script that throws prints its stack trace and exits 1. Type it with ' +
        "`import { defineScript } from 'argus-words/script'`.",
    )
    .argument('<file>', 'the script')
    .argument('[args...]', 'arguments for the script, after --')
    .option('--no-dry-run', 'send the writes (default: only show them)')
    .addHelpText(
      'after',
      '\nExamples:\n  $ argus-words run examples/scripts/deactivate-unbuildable-words.ts -- --language 1\n' +
        '  $ argus-words run examples/scripts/deactivate-unbuildable-words.ts --no-dry-run -- --language 1',
    )
    .action(async (file: string, args: string[], options: RunOptions) => {
      const { runAction } = await import('../actions/run.ts');
      await runAction(file, args, options, connection());
    });
}
