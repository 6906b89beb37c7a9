import { Form, useLocation } from 'react-router';
import { SEARCH_PATH } from '#shared/panel-paths.ts';

/** The navbar is rendered once per page: its search box can have a fixed id. */
const id = 'panel-search-q';

/**
 * The navbar's search box: a GET form to the search page, so it works before hydration (a full
 * page load) and after it (a client-side navigation). On the search page it shows the current text.
 */
export function NavSearch() {
  const location = useLocation();
  const current =
    location.pathname === SEARCH_PATH ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  return (
    <Form method="get" action={SEARCH_PATH} role="search" className="panel-nav-search" aria-label="Panel">
      <label htmlFor={id} className="visually-hidden">
        Search words, letter groups, levels and users
      </label>
      <input
        id={id}
        key={current}
        name="q"
        type="search"
        className="form-control form-control-sm"
        placeholder="Search…"
        defaultValue={current}
        autoComplete="off"
        required
      />
      <button type="submit" className="btn btn-sm btn-primary">
        <span className="panel-nav-search-icon" aria-hidden="true" />
        <span className="panel-nav-search-text">Search</span>
      </button>
    </Form>
  );
}
