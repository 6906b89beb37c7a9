import { panelApi } from '#client/admin/api.ts';
import { ApiError, type GenericRecord, type GenericResourceClient } from '#shared/api-client/index.ts';
import type { EntityName } from '#shared/entities/index.ts';

/** A record as the API answers it: the description's fields, read generically. */
export type Row = GenericRecord;

/**
 * The resource client of an entity: session-bound on the server (`context` is the PanelContext),
 * through the session proxy in the browser. Only called for operations the entity allows.
 */
export function entityApi(name: EntityName, context?: unknown): GenericResourceClient {
  return panelApi(context).resource(name);
}

/**
 * The message to show for a failed call: the server's `message`, or the network error (SPEC §8).
 * A server failure also names its request id, for whoever reads the server's log.
 */
export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const message = error.message || 'Request failed';
  const id = error instanceof ApiError && isServerFailure(error) ? error.requestId : undefined;
  return id && !message.includes(id) ? `${message} (request ${id})` : message;
}

/** No answer, or a 5xx: the server (or what it depends on) failed, not the request. */
export function isServerFailure(error: unknown): boolean {
  return error instanceof ApiError && (error.status === null || error.status >= 500);
}

/** Field → messages the server answered with (`{ message, fieldErrors }`). */
export function serverFieldErrors(error: unknown): Record<string, string[]> {
  return error instanceof ApiError ? error.fieldErrors : {};
}

/** Whether the code runs in the browser (the server renders with a per-request client instead). */
export const inBrowser = (): boolean => typeof window !== 'undefined' && typeof document !== 'undefined';
