import { CliError, type CliContext } from './context.ts';

/** All of stdin, minus one trailing line break (`echo` adds one): how secrets are piped in. */
export async function secretFromStdin(ctx: CliContext, what: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  const secret = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  if (!secret) throw new CliError(`No ${what} on standard input.`);
  return secret;
}
