import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AnyEntity } from '#shared/entities/index.ts';
import { ConfirmDialog } from '#client/admin/components/ConfirmDialog.tsx';
import { Notices } from '../Notices.tsx';
import { listPath } from '../paths.ts';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.tsx';
import type { EntityFormState } from './use-entity-form.ts';

/**
 * What every form has around its fields: the form-wide errors, Save and Cancel, the confirmation
 * before an edit is saved and the question before unsaved changes are left behind.
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
  return (
    <form
      noValidate
      className="entity-form"
      aria-label={entity.label}
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
    >
      <Notices errors={[form.problems?.message, form.saveError]} loading={form.busy} />
      {children}
      <div className="d-flex gap-2 mt-3">
        <button type="submit" className="btn btn-primary" disabled={form.busy}>
          Save
        </button>
        <Link className="btn btn-secondary" to={listPath(entity.name)}>
          Cancel
        </Link>
      </div>
      <ConfirmDialog
        open={form.confirming}
        onConfirm={form.confirm}
        onCancel={form.cancel}
        message={`Save the changes to this ${entity.label.toLowerCase()}?`}
      />
      <UnsavedChangesGuard dirty={form.dirty} saved={form.saved} />
    </form>
  );
}
