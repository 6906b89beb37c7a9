import { createApiClient, type ApiClient } from '#shared/api-client/index.ts';
import { CliError, UsageError, type CliContext } from './context.ts';
import { CredentialsFile, credentialsPath, fileTokenStore } from './credentials.ts';
import { Output } from './output.ts';

export const DEFAULT_API_URL = 'http://localhost:3000/arguscreative/words';

/** The global options every API command reads. */
export interface GlobalOptions {
  api?: string;
  json?: boolean;
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
  out: Output;
  ctx: CliContext;
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

export function connect(ctx: CliContext, options: GlobalOptions): Connection {
  const apiUrl = apiUrlOf(ctx, options);
  const credentials = new CredentialsFile(credentialsPath(ctx.env));
  const tokens = fileTokenStore(credentials, apiUrl);
  const api = createApiClient({ baseUrl: apiUrl, tokens, fetch: ctx.fetch });
  return {
    apiUrl,
    api,
    credentials,
    async username() {
      return (await credentials.login(apiUrl))?.username ?? '';
    },
    async requireLogin() {
      if (!(await tokens.get())) {
        throw new CliError(`Not logged in to ${apiUrl}: run \`argus-words login\` first.`);
      }
    },
    out: new Output(ctx, options.json === true),
    ctx,
  };
}
