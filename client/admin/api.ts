import { createApiClient, type ApiClient, type ChangeSetTag } from '#shared/api-client/index.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '#shared/panel-context.ts';
import { PROXY_PATH } from '#shared/panel-paths.ts';
import { panelContextOf } from './server-context.ts';
import { trackedFetch } from './session-api.ts';

export { panelContextOf } from './server-context.ts';
export { sessionApi, type VerifyOtpResult } from './session-api.ts';

let browserClient: ApiClient | undefined;

/**
 * The content API client for loaders, actions and components: on the server the session-bound
 * client of the request (`context.api`); in the browser one client through the session proxy (the
 * session cookie authenticates, no token ever reaches the page, every response feeds the idle
 * timer). Only the entity screens import this module: it carries the entity descriptions.
 */
export function panelApi(context?: unknown): ApiClient {
  const panel = panelContextOf(context);
  if (panel) return panel.api;
  if (typeof window === 'undefined') {
    throw new Error('panelApi: this server request carries no panel session context');
  }
  browserClient ??= createApiClient({
    baseUrl: PROXY_PATH,
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    fetch: trackedFetch,
  });
  return browserClient;
}

/**
 * A browser client whose every write joins `changeSet` (the panel's bulk actions): a new client
 * per action, so the shared one never carries a change set into unrelated writes.
 */
export function panelApiInChangeSet(changeSet: ChangeSetTag): ApiClient {
  return createApiClient({
    baseUrl: PROXY_PATH,
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    fetch: trackedFetch,
    changeSet,
  });
}
