import type { ChangeSet, ChangeSetEntry, UndoRequest, UndoResponse } from '../change-sets.ts';
import { MAX_COMMAND_LENGTH } from '../change-set-wire.ts';
import { MAX_PAGE_SIZE, searchParams, toPage, type Page } from './pages.ts';
import type { Transport } from './transport.ts';

/**
 * The change set a client's writes join (`X-Change-Set` on every write): one per CLI run. Set as
 * `changeSet` in the client's options; `recorded` counts the audit entries the server says the
 * writes added, so the run knows whether it changed anything.
 */
export interface ChangeSetTag {
  id: string;
  /** The command line (shown by `changes list`); never holds a password. */
  command: string;
  recorded: number;
}

/** Options whose value is a secret: their value is never part of a recorded command line. */
const SECRET = /pass|otp|token|secret|key/i;

/**
 * A new change set for a run of `args` (the command line without the program): a fresh uuid and
 * the arguments joined, secrets' values replaced by `***`, cut to the length the server keeps.
 */
export function newChangeSet(args: readonly string[]): ChangeSetTag {
  const shown: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const option = /^(--?[\w-]+)(=.*)?$/.exec(arg);
    if (option && SECRET.test(option[1]!) && !/stdin$/.test(option[1]!)) {
      shown.push(option[2] ? `${option[1]}=***` : arg);
      if (!option[2] && i + 1 < args.length && !args[i + 1]!.startsWith('-')) {
        shown.push('***');
        i++;
      }
      continue;
    }
    shown.push(/^[\w./:=@,~+-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`);
  }
  let command = shown.join(' ');
  if (command.length > MAX_COMMAND_LENGTH) command = `${command.slice(0, MAX_COMMAND_LENGTH - 1)}…`;
  return { id: globalThis.crypto.randomUUID(), command, recorded: 0 };
}

export interface ChangeSetsClient {
  /** Newest first; `page` is 1-based. */
  list(query?: { page?: number; size?: number; username?: string }): Promise<Page<ChangeSet>>;
  get(id: string): Promise<ChangeSet>;
  /** Its audit entries as field diffs, in the order written; `page` is 1-based. */
  entries(id: string, query?: { page?: number; size?: number }): Promise<Page<ChangeSetEntry>>;
  entriesAll(id: string): AsyncIterable<ChangeSetEntry>;
  /** Restores every row it touched (`dryRun`: the plan only; `force`: past rows changed since). */
  undo(id: string, request?: UndoRequest): Promise<UndoResponse>;
}

export function changeSetsClient(transport: Transport): ChangeSetsClient {
  const base = 'change-sets/cms';
  const at = (id: string) => `${base}/${encodeURIComponent(id)}`;
  const entries = async (id: string, query: { page?: number; size?: number } = {}) =>
    toPage(
      await transport.call({ method: 'GET', path: `${at(id)}/entries`, query: searchParams(query) }),
      query,
      (row) => row as ChangeSetEntry,
    );
  return {
    async list(query = {}) {
      const params = searchParams({ ...query, filters: { username: query.username } });
      const raw = await transport.call({ method: 'GET', path: `${base}/search/`, query: params });
      return toPage(raw, query, (row) => row as ChangeSet);
    },
    get: (id) => transport.call<ChangeSet>({ method: 'GET', path: at(id) }),
    entries,
    async *entriesAll(id) {
      for (let page = 1; ; page++) {
        const answer = await entries(id, { page, size: MAX_PAGE_SIZE });
        yield* answer.items;
        if (answer.last || answer.items.length === 0) return;
      }
    },
    undo: (id, request = {}) =>
      transport.call<UndoResponse>({ method: 'POST', path: `${at(id)}/undo`, body: request }),
  };
}
