import { useEffect, useState } from 'react';
import { useLoaderData, useLocation, useNavigate, useNavigation, useRevalidator } from 'react-router';
import type { AnyEntity } from '#shared/entities/index.ts';
import { ConfirmDialog } from '#client/admin/components/ConfirmDialog.tsx';
import { useArrivalState } from '#client/admin/components/useHydrated.ts';
import { entityApi, errorMessage, type Row } from '../entity-api.ts';
import { arrivalOf } from '../list-return.ts';
import { successMessage } from '../messages.ts';
import { Notices, flashOf, type Notice } from '../Notices.tsx';
import { FilterBar } from './FilterBar.tsx';
import { ListActions } from './ListActions.tsx';
import { ListTable } from './ListTable.tsx';
import type { ListData } from './list-loader.ts';
import { PageControls } from './PageControls.tsx';
import { Pager } from './Pager.tsx';
import { SavedNote } from './SavedNote.tsx';
import { BulkActions } from './BulkActions.tsx';
import { mayWrite } from '#shared/permissions.ts';
import { useReach } from '#client/admin/session/use-reach.ts';
import { writeHidden } from './columns.ts';
import { ListTools } from './ListTools.tsx';
import { rowTitle } from './titles.ts';
import {
  listSearch,
  withFilters,
  withoutFilters,
  withSize,
  withSort,
  writeListState,
  type ListState,
} from './url-state.ts';

/**
 * The one list screen of every entity (SPEC §2): filters, the columns, paging, 'Add New', Edit and
 * Delete, driven by the entity's description. The page, page size and filters are the URL's; the
 * loader fetches them, on the server for the first paint and through the router afterwards.
 */
export function EntityList({ entity }: { entity: AnyEntity }) {
  const data = useLoaderData() as ListData;
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<Row | null>(null);
  const [deleting, setDeleting] = useState(false);
  // What a form handed over (its message, the record it saved) is read once hydrated: the tab's
  // history keeps it across a reload, which the server's render cannot know about.
  const carried = useArrivalState();
  const { savedId } = arrivalOf(carried);
  // A message belongs to the location it was made on; a new navigation brings its own (or none).
  const [notice, setNotice] = useState<{ key: string; value: Notice | null } | null>(null);
  const shown = notice?.key === location.key ? notice.value : flashOf(carried);
  const show = (value: Notice | null) => setNotice({ key: location.key, value });

  const loading =
    deleting ||
    revalidator.state === 'loading' ||
    (navigation.state === 'loading' && navigation.location.pathname === location.pathname);
  const listQuery = listSearch(entity, data.state);
  // The ticked rows belong to the list they were ticked on: another page, filter or sort clears them.
  const [selection, setSelection] = useState({ query: listQuery, ids: new Set<number>(), all: false });
  const current =
    selection.query === listQuery ? selection : { query: listQuery, ids: new Set<number>(), all: false };
  const select = (ids: number[], on: boolean) => {
    const next = new Set(current.ids);
    for (const id of ids)
      if (on) next.add(id);
      else next.delete(id);
    setSelection({ query: listQuery, ids: next, all: false });
  };
  const clearSelection = () => setSelection({ query: listQuery, ids: new Set(), all: false });
  const [hidden, setHidden] = useState(data.hidden);
  const chooseHidden = (next: string[]) => {
    setHidden(next);
    writeHidden(entity, next);
  };
  const hrefOf = (page: number) => location.pathname + listSearch(entity, { ...data.state, page });
  const go = (state: ListState) =>
    void navigate(location.pathname + listSearch(entity, state), { preventScrollReset: true });

  useEffect(() => {
    if (savedId !== null) document.querySelector('tr[data-saved]')?.scrollIntoView({ block: 'nearest' });
  }, [savedId, location.key]);

  async function remove(row: Row) {
    setPending(null);
    setDeleting(true);
    show(null);
    try {
      await entityApi(entity.name).remove(row.id);
      const text = successMessage(entity.name, 'deleted');
      const flash: Notice | null = text ? { kind: 'success', text } : null;
      if (data.rows.length === 1 && data.state.page > 1) {
        // The page is now empty: show the one before it, keeping the message.
        await navigate(hrefOf(data.state.page - 1), { state: { flash } });
      } else {
        show(flash);
        await revalidator.revalidate();
      }
    } catch (error) {
      show({ kind: 'error', text: errorMessage(error) });
    } finally {
      setDeleting(false);
    }
  }

  const blocked = Object.keys(data.filterProblems).length > 0;
  const { reach } = useReach();
  const sortHref = (field: string) => location.pathname + listSearch(entity, withSort(data.state, field));
  const errors = [data.error, data.sortProblem, shown?.kind === 'error' ? shown.text : null];
  return (
    // data-list-query: the query whose rows are on screen. The router commits the URL before React
    // paints the new rows, so scripts (and tests) wait for this to match the address bar.
    <section aria-labelledby="entity-list-title" className="card card-body" data-list-query={listQuery}>
      <ListActions entity={entity} listQuery={listQuery} />
      <FilterBar
        entity={entity}
        values={data.state.filters}
        size={data.state.size}
        clearTo={location.pathname + listSearch(entity, withoutFilters(data.state))}
        onApply={(filters) => go(withFilters(data.state, filters))}
      />
      <ListTools
        entity={entity}
        state={data.state}
        hidden={hidden}
        onHidden={chooseHidden}
        blocked={blocked}
      />
      <Notices
        errors={errors}
        success={shown?.kind === 'success' ? shown.text : null}
        successLink={shown?.kind === 'success' ? shown.link : null}
        loading={loading}
      />
      {/* An account that may not change these rows gets no bulk actions (ListActions says why). */}
      {mayWrite(reach, entity) ? (
        <BulkActions
          entity={entity}
          state={data.state}
          rows={data.rows}
          titles={data.titles}
          selected={current.ids}
          allMatching={current.all}
          total={data.totalElements}
          onSelectAll={() => setSelection({ ...current, all: true })}
          onClear={clearSelection}
          onDone={(notice) => {
            clearSelection();
            show(notice);
            void revalidator.revalidate();
          }}
        />
      ) : null}
      <SavedNote entity={entity} savedId={loading ? null : savedId} rows={data.rows} />
      <ListTable
        entity={entity}
        rows={data.rows}
        busy={loading}
        listQuery={listQuery}
        savedId={savedId}
        emptyText={
          blocked ? `Correct the filter above to see ${entity.labelPlural.toLowerCase()}.` : undefined
        }
        onDelete={(row) => (entity.panel.confirmDelete ? setPending(row) : void remove(row))}
        sort={data.state.sort}
        sortHref={sortHref}
        titles={data.titles}
        hidden={hidden}
        selected={current.ids}
        onSelect={select}
      />
      <Pager page={data.state.page} totalPages={data.totalPages} loading={loading} hrefOf={hrefOf}>
        <PageControls
          key={listQuery}
          page={data.state.page}
          lastPage={Math.max(data.totalPages, 1)}
          size={data.state.size}
          defaultSize={data.state.size === null && data.pageSize > 0 ? data.pageSize : null}
          keep={[...writeListState(entity, { ...data.state, page: 1, size: null })]}
          onPage={(page) => go({ ...data.state, page })}
          onSize={(size) => go(withSize(data.state, size, data.pageSize || size || 1))}
        />
      </Pager>
      <ConfirmDialog
        open={pending !== null}
        onConfirm={() => pending && void remove(pending)}
        onCancel={() => setPending(null)}
        danger
        message={
          pending ? `Delete ${entity.label.toLowerCase()} ${rowTitle(entity, pending, data.titles)}?` : null
        }
      />
    </section>
  );
}
