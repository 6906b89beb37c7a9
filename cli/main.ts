import { Command, CommanderError } from 'commander';
import { registerAdminCommands } from './commands/admin.ts';
import { processContext, type CliContext } from './context.ts';

/**
 * The `argus-words` program. Commands are declared in cli/commands/*.ts and their actions are
 * imported lazily from cli/actions/*.ts, so `--help` stays fast and light. Errors never exit the
 * process here (exitOverride): `run` turns them into one stderr line and an exit code.
 */
export function buildProgram(context: Partial<CliContext> = {}): Command {
  const ctx: CliContext = { ...processContext(), ...context };
  const program = new Command('argus-words')
    .description('Maintenance of an Argus Words installation (works on the local database).')
    .configureOutput({
      writeOut: (text) => ctx.stdout.write(text),
      writeErr: (text) => ctx.stderr.write(text),
    })
    // Before any subcommand is declared, so they all inherit it.
    .exitOverride()
    .addHelpText(
      'after',
      '\nExample:\n  $ argus-words admin create --username alice\n\nSettings come from the same environment as the server (DATA_DIR, DATABASE_URL, SECRETS_KEY).',
    );
  registerAdminCommands(program, ctx);
  return program;
}

/** Runs the CLI and returns the exit code; failures are reported as `error: …` on stderr. */
export async function run(argv: string[] = process.argv, context: Partial<CliContext> = {}): Promise<number> {
  const stderr = context.stderr ?? process.stderr;
  try {
    await buildProgram(context).parseAsync(argv);
    return 0;
  } catch (error) {
    // Commander has already printed its own message (unknown option, missing argument, help).
    if (error instanceof CommanderError) return error.exitCode;
    stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
