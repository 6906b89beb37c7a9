import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorMessage } from '../components/Messages.tsx';

/**
 * A panel screen failed unexpectedly (SPEC §8 'Unexpected Application Error!' with the message).
 * It sits under the panel layout, so the navbar and the idle timer stay usable.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  const ended = (error as { status?: unknown } | null)?.status === 401;
  return (
    <section aria-labelledby="panel-error-heading">
      <h1 id="panel-error-heading" className="h3 text-danger">
        Unexpected Application Error!
      </h1>
      <ErrorMessage message={message} prefix="" className="mb-3" />
      {ended ? (
        <a className="btn btn-primary" href="/">
          Go to the site
        </a>
      ) : null}
    </section>
  );
}
