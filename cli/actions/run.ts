import { existsSync, readFileSync, statSync } from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format } from 'node:util';
import { ApiError } from '#shared/api-client/errors.ts';
import type { Connection } from '../connection.ts';
import { CliExit, UsageError } from '../context.ts';
import { createProgress } from '../progress.ts';
import type { Script, ScriptContext, ScriptProgress } from '../script.ts';
import { planText } from '../scripting/plan-text.ts';
import { recordingApi } from '../scripting/recording-api.ts';

export interface RunOptions {
  /** false with `--no-dry-run`. */
  dryRun: boolean;
}

const EXTENSIONS = ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs'];

/** The nearest package.json above `from` that `accept`s it, or null. */
function manifestAbove(from: string, accept: (manifest: { name?: string; type?: string }) => boolean) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; type?: string };
      if (accept(manifest)) return { dir, manifest };
    }
    if (path.dirname(dir) === dir) return null;
  }
}

/** The project's root (where package.json names argus-words), from the sources or from build/cli. */
function projectRoot(): string {
  const found = manifestAbove(path.dirname(fileURLToPath(import.meta.url)), (m) => m.name === 'argus-words');
  if (!found) throw new Error('The argus-words project folder was not found');
  return found.dir;
}

/** Node (and tsx) compile a .ts or .js file as CommonJS unless the nearest package.json says "module". */
function compiledAsCommonJs(file: string): boolean {
  if (!['.ts', '.js'].includes(path.extname(file))) return false;
  return manifestAbove(path.dirname(file), () => true)?.manifest.type !== 'module';
}

/** The script's stack trace without the CLI's own frames below it. */
function scriptStack(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // tsx loads the script under a query of its own: the file's own name reads better.
  const lines = (error.stack ?? error.message).replace(/\?tsx-namespace=[\w-]+/g, '').split('\n');
  const cut = lines.findIndex((line) => /\bat (async )?runAction\b/.test(line));
  return (cut > 0 ? lines.slice(0, cut) : lines).join('\n');
}

let aliased = false;

/**
 * `import … from 'argus-words/script'` resolves from a script anywhere on disk, not only inside
 * this project (where package.json's exports already answer it): a resolve hook names the file.
 */
function aliasScriptModule(): void {
  if (aliased) return;
  aliased = true;
  const target = pathToFileURL(path.join(projectRoot(), 'cli/script.ts')).href;
  const hook =
    'export async function resolve(specifier, context, next) {' +
    `  if (specifier === 'argus-words/script') return { url: ${JSON.stringify(target)}, shortCircuit: true };` +
    '  return next(specifier, context);' +
    '}';
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
}

/** The script's default export, its TypeScript compiled on the fly by tsx (loaded only here). */
async function loadScript(file: string): Promise<Script> {
  const { tsImport } = await import('tsx/esm/api');
  // Stack traces point into the script's own lines.
  process.setSourceMapsEnabled(true);
  aliasScriptModule();
  const loaded = (await tsImport(pathToFileURL(file).href, import.meta.url)) as { default?: unknown };
  // A .ts file outside an ESM package is compiled as CommonJS: its default export is one level down.
  let main = loaded.default;
  if (typeof main === 'object' && main !== null && 'default' in main) main = main.default;
  if (typeof main !== 'function')
    throw new UsageError(
      `${file} has no default export function: export default defineScript(async ({ api }) => …)`,
    );
  return main as Script;
}

function scriptProgress(conn: Connection, label: string, total: number, unit = 'rows'): ScriptProgress {
  const bar = createProgress(conn.ctx, label, total, unit);
  let done = 0;
  return {
    update(value) {
      done = value;
      bar.update(value);
    },
    increment(count = 1) {
      done += count;
      bar.update(done);
    },
    finish: () => bar.finish(),
  };
}

/**
 * `argus-words run FILE [-- ARGS]`: runs a script's default export with the logged-in API client.
 * A dry run unless `--no-dry-run`: writes are recorded and printed as the plan, reads are sent. A
 * script that throws gets its own stack trace printed and exit code 1; outside a dry run the writes
 * sent before the error stay (each request is applied whole or not at all).
 */
export async function runAction(file: string, args: string[], options: RunOptions, conn: Connection) {
  const absolute = path.resolve(file);
  if (!EXTENSIONS.includes(path.extname(absolute)))
    throw new UsageError(`A script is a ${EXTENSIONS.join(', ')} file, not "${file}"`);
  if (!existsSync(absolute) || !statSync(absolute).isFile()) throw new UsageError(`No script at ${file}`);
  await conn.requireLogin();
  if (compiledAsCommonJs(absolute)) {
    conn.out.note(
      `Note: ${file} is compiled as CommonJS (no package.json with "type": "module" above it), where ` +
        "'argus-words/script' does not resolve and stack traces are hard to read: name it .mts instead.",
    );
  }
  const { dryRun } = options;
  const { api, writes } = recordingApi(conn.api, dryRun);
  const context: ScriptContext = {
    api,
    args,
    dryRun,
    log: (...parts) => conn.ctx.stderr.write(`${format(...parts)}\n`),
    progress: (label, total, unit) => scriptProgress(conn, label, total, unit),
  };

  let failure: unknown = null;
  let result: unknown;
  try {
    result = await (await loadScript(absolute))(context);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    failure = error;
  }

  const name = path.basename(file);
  if (failure !== null) {
    conn.ctx.stderr.write(`${scriptStack(failure)}\n`);
  }
  if (dryRun) conn.out.message(planText(name, writes, failure !== null));
  else {
    const sent = `${writes.length} write request${writes.length === 1 ? '' : 's'} sent`;
    conn.out.message(
      failure === null
        ? `Ran ${name}: ${sent}.`
        : `${name} failed: ${sent} before the error (each applied whole); re-run it once fixed.`,
    );
  }
  if (conn.out.json) {
    const error = failure === null ? undefined : failure instanceof Error ? failure.message : String(failure);
    conn.out.result({ file: absolute, dryRun, writes, ...(result === undefined ? {} : { result }), error });
  }
  if (failure !== null) throw new CliExit(failure instanceof ApiError && failure.status === null ? 2 : 1);
}
