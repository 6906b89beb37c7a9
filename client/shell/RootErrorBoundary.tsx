import type { ComponentType } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { requestIdOf, routeErrorMessage } from './request-id.ts';

/**
 * The root route's error boundary, showing `NotFound` for a 404. The server's route table passes the
 * public 404 page itself; the browser's passes it lazily (its bundle carries no public layout: it
 * only ever sees a 404 outside the panel, which is a full page load of the public 404 anyway).
 */
export function rootErrorBoundary(NotFound: ComponentType) {
  return function RootErrorBoundary() {
    const error = useRouteError();
    if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
    return <UnexpectedError error={error} />;
  };
}

/**
 * Anything but a 404 is an unexpected failure, shown with the server's request id when there is
 * one. The server strips stack traces in production before rendering, so `stack` is shown only in
 * development.
 */
function UnexpectedError({ error }: { error: unknown }) {
  const stack = error instanceof Error ? error.stack : undefined;
  const requestId = requestIdOf(error);
  return (
    <main id="main" className="container py-5">
      <h1 className="h2 text-danger">Unexpected Application Error!</h1>
      <p className="lead">{routeErrorMessage(error)}</p>
      {requestId ? (
        <p>
          Request id: <code>{requestId}</code> (quote it when you report this problem)
        </p>
      ) : null}
      {stack ? <pre className="small bg-light p-3 border rounded">{stack}</pre> : null}
      <a className="btn btn-primary" href="/">
        Go Home
      </a>
    </main>
  );
}
