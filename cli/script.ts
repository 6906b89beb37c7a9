/**
 * What a script run by `argus-words run FILE` is given, for the script's author:
 *
 *   import { defineScript } from 'argus-words/script';
 *   export default defineScript(async ({ api, args, log, progress, dryRun }) => { … });
 *
 * Only types and an identity function live here, so importing it costs nothing at run time.
 */
import type { ApiClient } from '#shared/api-client/index.ts';

/** A progress bar on stderr (a redrawn bar on a terminal, plain lines in a log). */
export interface ScriptProgress {
  /** `done` of the total are finished. */
  update(done: number): void;
  /** One more (or `count` more) finished. */
  increment(count?: number): void;
  /** Draws the final state. */
  finish(): void;
}

export interface ScriptContext {
  /**
   * The CLI's typed API client, logged in with the saved session: `api.words.search(…)`,
   * `api.levels.update(id, …)`, `api.resource('word')`… In a dry run, reads are sent and writes are
   * only recorded (the plan printed at the end); bulk calls are sent as the server's own dry run.
   */
  api: ApiClient;
  /** The arguments after `--`: `argus-words run fix.ts -- --stage 3` gives `['--stage', '3']`. */
  args: string[];
  /** A line on stderr (formatted as console.log formats), never mixed into stdout's data. */
  log(...parts: unknown[]): void;
  /** A progress bar for `total` units. */
  progress(label: string, total: number, unit?: string): ScriptProgress;
  /** True unless the script was run with `--no-dry-run`. */
  dryRun: boolean;
}

/** The default export of a script. */
export type Script = (context: ScriptContext) => unknown;

/** Types a script's default export (it returns the function unchanged). */
export function defineScript(script: Script): Script {
  return script;
}
