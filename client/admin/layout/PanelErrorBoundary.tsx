import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { requestIdOf, routeErrorMessage } from '#client/shell/request-id.ts';
import { PANEL_PATH } from '#shared/panel-paths.ts';
import { ErrorMessage } from '../components/Messages.tsx';

/** An unknown panel address, inside the panel's frame (the public 404 belongs to the public site). */
function PanelNotFound() {
  const { pathname } = useLocation();
  return (
    <section aria-labelledby="panel-error-heading" className="panel-narrow text-center py-4">
      <h1 id="panel-error-heading" className="h3">
        Page not found
      </h1>
      <p className="lead">Error 404</p>
      <p>
        The panel has no page at <code className="text-break">{pathname}</code>.
      </p>
      <Link className="btn btn-primary" to={PANEL_PATH}>
        Go to the panel home
      </Link>
    </section>
  );
}

/**
 * A panel screen failed (SPEC §8 'Unexpected Application Error!' with the message), or its address
 * is unknown (404). It sits under the panel layout, so the navbar and the idle timer stay usable;
 * it names the server's request id, to quote when reporting the problem, and leads home.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <PanelNotFound />;
  const requestId = requestIdOf(error);
  const ended = (error as { status?: unknown } | null)?.status === 401;
  return (
    <section aria-labelledby="panel-error-heading">
      <h1 id="panel-error-heading" className="h3 text-danger">
        Unexpected Application Error!
      </h1>
      <ErrorMessage message={routeErrorMessage(error)} prefix="" className="mb-3" />
      {requestId ? (
        <p>
          Request id: <code className="panel-request-id">{requestId}</code>
          <br />
          <span className="small text-body-secondary">Quote it when you report this problem.</span>
        </p>
      ) : null}
      <div className="d-flex flex-wrap gap-2">
        {ended ? (
          <a className="btn btn-primary" href="/">
            Go to the site
          </a>
        ) : (
          <Link className="btn btn-primary" to={PANEL_PATH} reloadDocument>
            Go to the panel home
          </Link>
        )}
      </div>
    </section>
  );
}
