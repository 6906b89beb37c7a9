/**
 * The shared, typed client of the content API: the same code runs in the server (session proxy,
 * loaders), the browser (panel) and the CLI.
 */
export {
  createApiClient,
  camelCase,
  clientEntities,
  type ApiClient,
  type ResourceClients,
} from './client.ts';
export { type AuthClient } from './auth.ts';
export { type LinkBuilderClient } from './links.ts';
export { newChangeSet, type ChangeSetTag, type ChangeSetsClient } from './change-sets.ts';
export { type HealthClient } from './content-health.ts';
export { type DifficultyClient } from './difficulty.ts';
export { type DictionaryClient } from './dictionary.ts';
export { type TeamClient } from './team.ts';
export { type ReleasesClient, type ReleaseSwitch } from './releases.ts';
export {
  ApiError,
  errorFromFailure,
  errorFromResponse,
  fieldErrorsOf,
  parseBody,
  retryAfterSeconds,
  type ApiErrorInit,
  type FieldErrors,
} from './errors.ts';
export { MAX_PAGE_SIZE, type FilterValue, type Page, type SearchQuery } from './pages.ts';
export { normaliseRecord } from './records.ts';
export {
  type BulkOptions,
  type CreateOf,
  type FilterOf,
  type GenericRecord,
  type GenericResourceClient,
  type RecordOf,
  type ResourceCalls,
  type ResourceClient,
  type UpdateOf,
  type Versioned,
  type WriteOptions,
} from './resources.ts';
export { type SolvabilityClient } from './solvability.ts';
export { DEFAULT_TIMEOUT_MS, type ApiClientOptions, type Tokens, type TokenStore } from './transport.ts';
export type { BulkResponse, BulkRowResult } from '../entities/bulk.ts';
