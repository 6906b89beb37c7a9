import { ImportError } from '#shared/import/errors.ts';
/**
 * What a CLI command works with, injectable so tests run commands in-process: the environment
 * (the same variables the server reads), the three standard streams, how questions are asked, the
 * `fetch` the API client uses and the clock progress reports read.
 */
export interface CliContext {
  env: Record<string, string | undefined>;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  /** Asks the person at the terminal; only called when stdin is a terminal (see {@link canPrompt}). */
  prompter: Prompter;
  fetch: typeof fetch;
  now: () => number;
}

/** The three kinds of questions the CLI asks. Tests pass scripted answers instead of inquirer. */
export interface Prompter {
  input(message: string): Promise<string>;
  /** Typed answer hidden behind `*`. */
  password(message: string): Promise<string>;
  confirm(message: string, fallback: boolean): Promise<boolean>;
}

/**
 * The exit codes of every command: 0 done; 1 done in part (some rows refused, lint findings) or
 * failed on the server's answer; 2 a usage error, or the API could not be reached.
 */
export const EXIT = { ok: 0, partial: 1, usage: 2 } as const;

/** A failure to report to the operator as one line, without a stack; `exitCode` defaults to 1. */
export class CliError extends ImportError {}

/** The command was given wrongly (an option, a value, a file name): exit code 2, as usage errors. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, EXIT.usage);
  }
}

/**
 * Ends the command with a non-zero exit code after it printed its own report (e.g. `lint` found
 * problems): no extra error line.
 */
export class CliExit extends Error {
  constructor(readonly exitCode: number) {
    super(`exit ${exitCode}`);
  }
}

/** Questions need a person: never prompt when stdin is a pipe or a file. */
export function canPrompt(ctx: CliContext): boolean {
  return ctx.stdin.isTTY === true;
}

/** inquirer, reading the context's stdin and drawing on stderr (stdout stays clean for `--json`). */
export function inquirerPrompter(ctx: Pick<CliContext, 'stdin' | 'stderr'>): Prompter {
  const ask = async <T>(question: Record<string, unknown>): Promise<T> => {
    const { createPromptModule } = await import('inquirer');
    const prompt = createPromptModule({ input: ctx.stdin, output: ctx.stderr });
    const answers = await prompt<{ value: T }>([{ ...question, name: 'value' } as never]);
    return answers.value;
  };
  return {
    input: (message) => ask<string>({ type: 'input', message }),
    password: (message) => ask<string>({ type: 'password', message, mask: '*' }),
    confirm: (message, fallback) => ask<boolean>({ type: 'confirm', message, default: fallback }),
  };
}

export function processContext(): CliContext {
  const streams = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
  return {
    env: process.env,
    ...streams,
    prompter: inquirerPrompter(streams),
    fetch: globalThis.fetch,
    now: Date.now,
  };
}

/** The process context with some parts replaced; a replaced stdin or stderr gets its own prompter. */
export function withContext(overrides: Partial<CliContext>): CliContext {
  const base = { ...processContext(), ...overrides };
  return overrides.prompter ? base : { ...base, prompter: inquirerPrompter(base) };
}
