import {
  createApiClient,
  newChangeSet,
  type ApiClient,
  type ChangeSetTag,
} from '#shared/api-client/index.ts';
import { CliError, UsageError, type CliContext } from './context.ts';
import { CredentialsFile, credentialsPath, fileTokenStore } from './credentials.ts';
import { Output } from './output.ts';

export const DEFAULT_API_URL = 'http://localhost:3000/arguscreative/words';

/** The global options every API command reads. */
export interface GlobalOptions {
  api?: string;
  json?: boolean;
  /** An API token (ARGUS_TOKEN or --token-stdin): no login, no one-time code, no file. */
  token?: string;
}

/**
 * What an API command works with, built once per run (commander's `preAction` hook): the API URL,
 * the shared API client (refresh on 401, retry once) holding the tokens of the credentials file,
 * and where output goes.
 */
export interface Connection {
  apiUrl: string;
  api: ApiClient;
  credentials: CredentialsFile;
  /** The username saved with the tokens ('' when not logged in). */
  username(): Promise<string>;
  /** Throws a one-line error naming `argus-words login` when no tokens are saved for this API. */
  requireLogin(): Promise<void>;
  /** Whether this run speaks with an API token rather than a saved login. */
  usesToken: boolean;
  out: Output;
  ctx: CliContext;
  /** This run's change set: every write joins it (see shared/api-client/transport.ts). */
  changeSet: ChangeSetTag;
}

export function apiUrlOf(ctx: CliContext, options: GlobalOptions): string {
  const raw = options.api ?? (ctx.env.ARGUS_API_URL || DEFAULT_API_URL);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`--api must be a URL such as ${DEFAULT_API_URL}, not "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--api must be an http:// or https:// URL, not "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

/** `args`: the command line without the program, recorded (secrets hidden) with the change set. */
export function connect(ctx: CliContext, options: GlobalOptions, args: readonly string[] = []): Connection {
  const apiUrl = apiUrlOf(ctx, options);
  const credentials = new CredentialsFile(credentialsPath(ctx.env));
  const token = options.token;
  // A token is the bearer as it is: never refreshed, never saved.
  const tokens = token
    ? { get: () => ({ accessToken: token, refreshToken: null }), set: () => undefined }
    : fileTokenStore(credentials, apiUrl);
  const changeSet = newChangeSet(['argus-words', ...args]);
  const api = createApiClient({ baseUrl: apiUrl, tokens, fetch: ctx.fetch, changeSet });
  return {
    apiUrl,
    api,
    credentials,
    async username() {
      if (token) return (await api.team.whoami()).username;
      return (await credentials.login(apiUrl))?.username ?? '';
    },
    usesToken: token !== undefined,
    async requireLogin() {
      if (!(await tokens.get())) {
        throw new CliError(`Not logged in to ${apiUrl}: run \`argus-words login\` first.`);
      }
    },
    out: new Output(ctx, options.json === true, changeSet),
    ctx,
    changeSet,
  };
}

/** The line a run that wrote ends with (on stderr), or null when it changed nothing. */
export function changeSetLine(changeSet: ChangeSetTag): string | null {
  if (changeSet.recorded === 0) return null;
  const { id, recorded } = changeSet;
  return `Change set ${id}: ${recorded} changed — undo with: argus-words changes undo ${id}`;
}
