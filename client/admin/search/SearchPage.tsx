import type { KeyboardEvent } from 'react';
import { Link, useLoaderData } from 'react-router';
import { ErrorMessage } from '../components/Messages.tsx';
import { searchLoader, type SearchGroup } from './search-loader.ts';

export const loader = searchLoader;

/** Up and Down move between the result links (Tab works as well): a list to scan by keyboard. */
function moveBetweenLinks(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a[data-search-hit]')];
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (at === -1) return;
  const next = links[at + (event.key === 'ArrowDown' ? 1 : -1)];
  if (!next) return;
  event.preventDefault();
  next.focus();
}

function Group({ group, query }: { group: SearchGroup; query: string }) {
  const headingId = `search-${group.key}`;
  return (
    <section className="card card-body panel-search-group" aria-labelledby={headingId}>
      <h2 id={headingId} className="h5 d-flex flex-wrap gap-2 align-items-baseline">
        {group.title}
        {group.error ? null : <span className="badge text-bg-secondary">{group.total}</span>}
      </h2>
      <ErrorMessage message={group.error} className="mb-0" />
      {group.error ? null : group.hits.length === 0 ? (
        <p className="mb-0 text-body-secondary">No match.</p>
      ) : (
        <>
          <ul className="list-unstyled mb-2 panel-search-hits">
            {group.hits.map((hit) => (
              <li key={hit.id}>
                <Link to={hit.href} data-search-hit="">
                  <span className="panel-search-text">{hit.text}</span>{' '}
                  <span className="text-body-secondary small">#{hit.id}</span>
                </Link>
              </li>
            ))}
          </ul>
          {group.total > group.hits.length ? (
            <Link to={group.seeAll} className="small" data-search-hit="">
              See all {group.total} {group.title.toLowerCase()} matching “{query}”
            </Link>
          ) : null}
        </>
      )}
    </section>
  );
}

/** The global search's results: one group per table and text field, a few hits each. */
export function Component() {
  const { query, problem, groups } = useLoaderData<typeof loader>();
  const found = groups.reduce((sum, group) => sum + group.total, 0);
  return (
    <section aria-labelledby="search-title" onKeyDown={moveBetweenLinks}>
      <h1 id="search-title" className="h3 mb-3">
        {query ? `Search results for “${query}”` : 'Search'}
      </h1>
      {problem ? <ErrorMessage message={problem} prefix="" /> : null}
      {!query ? (
        <p>Type letters, a hint, a username or an email in the navbar’s search box.</p>
      ) : problem ? null : (
        <>
          <p role="status">
            {found === 0
              ? 'Nothing found.'
              : `${found} ${found === 1 ? 'match' : 'matches'} in ${groups.length} groups.`}
          </p>
          <div className="panel-search-groups">
            {groups.map((group) => (
              <Group key={group.key} group={group} query={query} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
