/**
 * What a CLI command works with, injectable so tests run commands in-process: the environment
 * (the same variables the server reads) and the three standard streams.
 */
export interface CliContext {
  env: Record<string, string | undefined>;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** A failure to report to the operator as one line, without a stack. */
export class CliError extends Error {}

export function processContext(): CliContext {
  return { env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
}
