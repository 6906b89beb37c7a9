import { Command, CommanderError } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { registerAdminCommands } from './commands/admin.ts';
import { registerChangeCommands } from './commands/changes.ts';
import { registerEntityCommands } from './commands/entities.ts';
import { registerLevelCommands } from './commands/levels.ts';
import { registerLinkCommands } from './commands/links.ts';
import { registerReviewCommands } from './commands/review.ts';
import { registerRunCommand } from './commands/run.ts';
import { registerSessionCommands } from './commands/session.ts';
import { registerTrashCommands } from './commands/trash.ts';
import { registerTeamCommands } from './commands/team.ts';
import { registerReleaseCommands } from './commands/releases.ts';
import { registerWordCommands } from './commands/words.ts';
import { DEFAULT_API_URL, type Connection, type GlobalOptions } from './connection.ts';
import { CliExit, EXIT, withContext, type CliContext } from './context.ts';
import { ImportError } from '#shared/import/errors.ts';

/** The output and exit-code conventions every command keeps (the program's help shows them). */
const CONVENTIONS =
  'Output: data (lists, records, exports, --json documents) goes to stdout and nothing else does;\n' +
  'messages, plans, progress bars, warnings and errors go to stderr.\n' +
  'Exit codes: 0 done; 1 done in part or refused (rows refused, lint findings, a script that threw,\n' +
  'an error answered by the API); 2 usage error (unknown command or option, bad value, missing file)\n' +
  'or the API could not be reached (connection refused, timed out).';

/** `admin …` works on the local database; every other command talks to the API. */
const isLocal = (command: Command): boolean => {
  for (let c: Command | null = command; c; c = c.parent) if (c.name() === 'admin') return true;
  return false;
};

/**
 * The `argus-words` program. Commands are declared in cli/commands/*.ts and their actions are
 * imported lazily from cli/actions/*.ts, so `--help` stays fast and light. The API connection
 * (client, tokens, output) is built once, in the `preAction` hook, for the API commands. Errors
 * never exit the process here (exitOverride): `run` turns them into one stderr line and an exit code.
 */
export function buildProgram(context: Partial<CliContext> = {}, run: RunState = { args: [] }): Command {
  const ctx = withContext(context);
  let connection: Connection | null = null;
  const connected = (): Connection => {
    if (!connection) throw new Error('The API connection is built in the preAction hook');
    return connection;
  };
  const program = new Command('argus-words')
    .description('Manage the content of an Argus Words installation from a terminal or a script.')
    .version(packageJson.version, '-V, --version', 'the version of argus-words')
    .option('--api <url>', `the content API (default: ARGUS_API_URL, else ${DEFAULT_API_URL})`)
    .option('--json', 'the result as JSON on stdout instead of text and tables')
    .option(
      '--token-stdin',
      'read an API token from standard input (else ARGUS_TOKEN; else the login saved by `argus-words login`)',
    )
    .configureOutput({
      writeOut: (text) => ctx.stdout.write(text),
      writeErr: (text) => ctx.stderr.write(text),
      outputError: (text, write) => write(text.replace(/^error:/, 'Error:')),
    })
    .configureHelp({ showGlobalOptions: true })
    // Before any subcommand is declared, so they all inherit it.
    .exitOverride()
    .addHelpText(
      'after',
      '\nExamples:\n  $ argus-words login\n  $ argus-words words import words.txt --language 1\n' +
        '  $ argus-words links build --language 1\n  $ argus-words lint --json\n\n' +
        "The admin commands work on the local database, with the server's settings (DATA_DIR, DATABASE_URL, SECRETS_KEY).\n\n" +
        CONVENTIONS,
    )
    .hook('preAction', async (_program, action) => {
      if (isLocal(action)) return;
      const { connect } = await import('./connection.ts');
      const options = program.opts<GlobalOptions & { tokenStdin?: boolean }>();
      const { secretFromStdin } = await import('./stdin.ts');
      const token = options.tokenStdin
        ? await secretFromStdin(ctx, 'API token')
        : ctx.env.ARGUS_TOKEN || undefined;
      connection = connect(ctx, { ...options, ...(token ? { token: token.trim() } : {}) }, run.args);
      run.connection = connection;
    });

  registerAdminCommands(program, ctx);
  registerSessionCommands(program, connected);
  const entities = registerEntityCommands(program, connected);
  registerWordCommands(entities.get('word')!, connected);
  registerLevelCommands(entities.get('level')!, connected);
  registerLinkCommands(program, connected);
  registerReviewCommands(program, connected);
  registerChangeCommands(program, connected);
  registerRunCommand(program, connected);
  registerTrashCommands(program, connected);
  registerTeamCommands(program, connected);
  registerReleaseCommands(program, connected);
  return program;
}

/** What `run` learns of the command it ran: its arguments in, its API connection out. */
export interface RunState {
  args: readonly string[];
  connection?: Connection;
}

/** Runs the CLI and returns the exit code; failures are reported as one `Error: …` line on stderr. */
export async function run(argv: string[] = process.argv, context: Partial<CliContext> = {}): Promise<number> {
  const stderr = context.stderr ?? process.stderr;
  const state: RunState = { args: argv.slice(2) };
  // A run that wrote says so last, with how to undo it: also after a failure part-way.
  const tellChangeSet = async () => {
    if (!state.connection) return;
    const { changeSetLine } = await import('./connection.ts');
    const line = changeSetLine(state.connection.changeSet);
    if (line) stderr.write(`${line}\n`);
  };
  try {
    await buildProgram(context, state).parseAsync(argv);
    await tellChangeSet();
    return 0;
  } catch (error) {
    await tellChangeSet();
    // Commander has already printed its own message (unknown option, missing argument, help).
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    if (error instanceof CliExit) return error.exitCode;
    stderr.write(`Error: ${await describe(error, state.connection?.usesToken)}\n`);
    if (error instanceof ImportError) return error.exitCode;
    return (await unreachable(error)) ? EXIT.usage : EXIT.partial;
  }
}

/** Whether the API gave no answer at all (refused, reset, timed out): not a refusal of the request. */
async function unreachable(error: unknown): Promise<boolean> {
  const { ApiError } = await import('#shared/api-client/errors.ts');
  return error instanceof ApiError && error.status === null && error.cause !== undefined;
}

/** One line for any failure; an ended session says how to start a new one. */
async function describe(error: unknown, usesToken = false): Promise<string> {
  if (!(error instanceof Error)) return String(error);
  const { ApiError } = await import('#shared/api-client/errors.ts');
  if (error instanceof ApiError && error.status === 401) {
    if (usesToken)
      return `${error.message} (the API token was refused: it expired, was revoked or is wrong; create another with \`argus-words tokens create\`)`;
    return `${error.message} (the session has ended: run \`argus-words login\` again)`;
  }
  if (await unreachable(error)) return `The content API cannot be reached: ${error.message.split('\n')[0]!}`;
  return error.message.split('\n')[0]!;
}
