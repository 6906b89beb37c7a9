import { isRouteErrorResponse, useRouteError } from 'react-router';
import NotFound from '#client/public/NotFound.tsx';
import { requestIdOf, routeErrorMessage } from './request-id.ts';

/**
 * Unknown paths arrive here as a 404 route error; anything else is an unexpected failure, shown
 * with the server's request id when there is one. The server strips stack traces in production
 * before rendering, so `stack` is shown only in development.
 */
export function RootErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
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
