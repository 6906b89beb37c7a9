import { useState } from 'react';
import { useLoaderData, useLocation, useNavigate, useNavigation, useRevalidator } from 'react-router';
import type { AnyEntity } from '#shared/entities/index.ts';
import { ConfirmDialog } from '#client/admin/components/ConfirmDialog.tsx';
import { entityApi, errorMessage, type Row } from '../entity-api.ts';
import { successMessage } from '../messages.ts';
import { Notices, flashOf, type Notice } from '../Notices.tsx';
import { FilterBar } from './FilterBar.tsx';
import { ListActions } from './ListActions.tsx';
import { ListTable } from './ListTable.tsx';
import type { ListData } from './list-loader.ts';
import { Pager } from './Pager.tsx';
import { listSearch, withFilters } from './url-state.ts';

/**
 * The one list screen of every entity (SPEC §2): filters, the columns, paging, 'Add New', Edit and
 * Delete, driven by the entity's description. The page and filters are the URL's; the loader
 * fetches them, on the server for the first paint and through the router afterwards.
 */
export function EntityList({ entity }: { entity: AnyEntity }) {
  const data = useLoaderData() as ListData;
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<Row | null>(null);
  const [deleting, setDeleting] = useState(false);
  // A message belongs to the location it was made on; a new navigation brings its own (or none).
  const [notice, setNotice] = useState({ key: location.key, value: flashOf(location.state) });
  if (notice.key !== location.key) setNotice({ key: location.key, value: flashOf(location.state) });
  const show = (value: Notice | null) => setNotice({ key: location.key, value });

  const loading =
    deleting ||
    revalidator.state === 'loading' ||
    (navigation.state === 'loading' && navigation.location.pathname === location.pathname);
  const hrefOf = (page: number) => location.pathname + listSearch(entity, { ...data.state, page });

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

  const errors = [data.error, notice.value?.kind === 'error' ? notice.value.text : null];
  return (
    // data-list-query: the query whose rows are on screen. The router commits the URL before React
    // paints the new rows, so scripts (and tests) wait for this to match the address bar.
    <section
      aria-labelledby="entity-list-title"
      className="card card-body"
      data-list-query={listSearch(entity, data.state)}
    >
      <ListActions entity={entity} />
      <FilterBar
        entity={entity}
        values={data.state.filters}
        clearTo={location.pathname}
        onApply={(filters) =>
          void navigate(location.pathname + listSearch(entity, withFilters(data.state, filters)), {
            preventScrollReset: true,
          })
        }
      />
      <Notices
        errors={errors}
        success={notice.value?.kind === 'success' ? notice.value.text : null}
        loading={loading}
      />
      <ListTable
        entity={entity}
        rows={data.rows}
        busy={loading}
        onDelete={(row) => (entity.panel.confirmDelete ? setPending(row) : void remove(row))}
      />
      <Pager page={data.state.page} totalPages={data.totalPages} loading={loading} hrefOf={hrefOf} />
      <ConfirmDialog
        open={pending !== null}
        onConfirm={() => pending && void remove(pending)}
        onCancel={() => setPending(null)}
        danger
        message={pending ? `Delete ${entity.label.toLowerCase()} ${pending.id}?` : null}
      />
    </section>
  );
}
