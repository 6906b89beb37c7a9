import { Form, Link, useLoaderData } from 'react-router';
import { CHANGES_PATH } from '#shared/panel-paths.ts';
import { ChangeSetCard } from './change-set-parts.tsx';
import { changesLoader } from './changes-loader.ts';
import { historyHref, TextFilter } from './filters.tsx';
import { HistoryResults } from './parts.tsx';

export const loader = changesLoader;

/**
 * The change sets, newest first: each CLI run, import and panel bulk action as one unit, with who,
 * when, what it counted and whether it was undone; each opens to its entries and its Undo.
 */
export function Component() {
  const data = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="changes-title">
      <h1 id="changes-title" className="h3 mb-3">
        Change sets
      </h1>
      <p>
        Every bulk action, import and command-line run, as one unit. Open one to see its changes field by
        field and to undo it.
      </p>
      <Form
        method="get"
        action={CHANGES_PATH}
        className="d-flex flex-wrap gap-2 align-items-end mb-3"
        aria-label="Filter the change sets"
      >
        <TextFilter id="changes-username" name="username" label="Who" value={data.username} />
        <button type="submit" className="btn btn-primary">
          Filter
        </button>
        <Link to={CHANGES_PATH} className="btn btn-secondary">
          Clear
        </Link>
      </Form>
      <HistoryResults
        data={data}
        status={
          data.totalElements === 0
            ? 'No change sets match.'
            : `${data.totalElements} ${data.totalElements === 1 ? 'change set' : 'change sets'}, newest first.`
        }
        hrefOf={(page) => historyHref(CHANGES_PATH, { username: data.username }, page)}
        render={(set) => <ChangeSetCard set={set} />}
      />
    </section>
  );
}
