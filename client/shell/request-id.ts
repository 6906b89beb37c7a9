import { isRouteErrorResponse } from 'react-router';

/**
 * The server's id of the request behind an error (the `X-Request-Id` of the request log), to quote when
 * reporting it; null when there is none (a failure in the browser itself). Carried by the API
 * client's errors, by route errors thrown with `{ requestId }` data, and added by the server's
 * renderer to errors of the page request itself.
 */
export function requestIdOf(error: unknown): string | null {
  const carrier = isRouteErrorResponse(error) ? (error.data as unknown) : error;
  const id = (carrier as { requestId?: unknown } | null)?.requestId;
  return typeof id === 'string' && id !== '' ? id : null;
}

/** The message of an error as a route error boundary shows it. */
export function routeErrorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const message = (error.data as { message?: unknown } | null)?.message;
    return typeof message === 'string' && message ? message : `${error.status} ${error.statusText}`;
  }
  return error instanceof Error ? error.message : String(error);
}
