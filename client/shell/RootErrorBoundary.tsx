import { isRouteErrorResponse, useRouteError } from 'react-router';
import NotFound from '#client/public/NotFound.tsx';

/**
 * Unknown paths arrive here as a 404 route error; anything else is an unexpected failure. The server
 * strips stack traces in production before rendering, so `stack` is shown only in development.
 */
export function RootErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  const stack = error instanceof Error ? error.stack : undefined;
  return (
    <main id="main" className="container py-5">
      <h1 className="h2 text-danger">Unexpected Application Error!</h1>
      <p className="lead">{message}</p>
      {stack ? <pre className="small bg-light p-3 border rounded">{stack}</pre> : null}
      <a className="btn btn-primary" href="/">
        Go Home
      </a>
    </main>
  );
}
