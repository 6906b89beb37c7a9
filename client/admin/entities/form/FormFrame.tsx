import type { ReactNode } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import type { AnyEntity } from '#shared/entities/index.ts';
import { recordHistoryPath } from '#shared/panel-paths.ts';
import { ConfirmDialog } from '#client/admin/components/ConfirmDialog.tsx';
import type { AdminLayoutData } from '#client/admin/layout/AdminLayout.tsx';
import { ReauthDialog } from '#client/admin/session/ReauthDialog.tsx';
import { Notices } from '../Notices.tsx';
import { mayWrite } from '#shared/permissions.ts';
import { useReach } from '#client/admin/session/use-reach.ts';
import { ConflictPanel } from './ConflictPanel.tsx';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.tsx';
import type { EntityFormState } from './use-entity-form.ts';

/**
 * What every form has around its fields: the form-wide errors, Save and Cancel (both back to the
 * list page the form was opened from), Delete on an edit form where the list offers it, the
 * confirmations before an edit is saved or a record deleted, and the question before unsaved
 * changes are left behind.
 */
export function FormFrame({
  entity,
  form,
  children,
}: {
  entity: AnyEntity;
  form: EntityFormState;
  children: ReactNode;
}) {
  const username = useRouteLoaderData<AdminLayoutData>('admin')?.session.username ?? null;
  const { reach, text } = useReach();
  const writable = mayWrite(reach, entity);
  return (
    <>
      <form
        noValidate
        className="entity-form"
        aria-label={entity.label}
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit();
        }}
      >
        <Notices errors={[form.problems?.message, form.saveError]} loading={form.busy} />
        {children}
        {form.conflict ? (
          <ConflictPanel
            conflict={form.conflict}
            busy={form.busy}
            onReload={form.reload}
            onOverwrite={form.overwrite}
          />
        ) : null}
        {writable ? null : (
          <p className="text-body-secondary mt-3 mb-0" data-testid="reach-note">
            {`Your account (${text}) may view ${entity.labelPlural.toLowerCase()} but not change them.`}
          </p>
        )}
        <div className="d-flex gap-2 mt-3">
          {writable ? (
            <button type="submit" className="btn btn-primary" disabled={form.busy}>
              Save
            </button>
          ) : null}
          <Link className="btn btn-secondary" to={form.back}>
            Cancel
          </Link>
          {form.values.id ? (
            <Link className="btn btn-link" to={recordHistoryPath(entity.resource, String(form.values.id))}>
              View history
            </Link>
          ) : null}
          {writable && form.canDelete ? (
            <button
              type="button"
              className="btn btn-outline-danger ms-auto"
              disabled={form.busy}
              onClick={form.askDelete}
            >
              Delete
            </button>
          ) : null}
        </div>
        <ConfirmDialog
          open={form.confirming}
          onConfirm={form.confirm}
          onCancel={form.cancel}
          {...(form.warning ? { title: 'Save anyway?', confirmLabel: 'Save anyway' } : {})}
          message={form.warning ?? `Save the changes to this ${entity.label.toLowerCase()}?`}
        />
        <ConfirmDialog
          open={form.confirmingDelete}
          onConfirm={form.confirmDelete}
          onCancel={form.cancelDelete}
          danger
          message={`Delete ${entity.label.toLowerCase()} ${form.values.id ?? ''}?`}
        />
        <UnsavedChangesGuard dirty={form.dirty} saved={form.saved} />
      </form>
      {/* Outside the entity form: the login has a form of its own (forms do not nest). */}
      {form.reauth.open ? (
        <ReauthDialog
          username={username}
          saving={form.reauth.saving}
          onDone={form.reauth.done}
          onCancel={form.reauth.cancel}
        />
      ) : null}
    </>
  );
}
