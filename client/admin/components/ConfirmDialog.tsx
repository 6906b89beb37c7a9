import type { ReactNode } from 'react';
import { Dialog } from './Dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  /** Default 'Are you sure?' (SPEC §2). */
  title?: string;
  /** Optional detail under the title (what will be deleted or saved). */
  message?: ReactNode;
  /** Default 'Yes'. */
  confirmLabel?: string;
  /** Default 'No'. */
  cancelLabel?: string;
  /** While the confirmed call runs: both buttons disabled, the dialog stays open. */
  busy?: boolean;
  /** Style the confirm button as destructive (deletes). */
  danger?: boolean;
  onConfirm(): void;
  /** 'No', Escape. */
  onCancel(): void;
}

/**
 * The panel's shared 'Are you sure?' Yes/No popup (deletes, saves). Focus starts on 'No' so an
 * accidental Enter does not confirm.
 */
export function ConfirmDialog({
  open,
  title = 'Are you sure?',
  message,
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  busy = false,
  danger = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onCancel={() => {
        if (!busy) onCancel();
      }}
      actions={
        <>
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={onCancel}
            disabled={busy}
            data-autofocus
          >
            {cancelLabel}
          </button>
          <button
            type="button"
            className={danger ? 'btn btn-danger' : 'btn btn-primary'}
            onClick={onConfirm}
            disabled={busy}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {message ?? null}
    </Dialog>
  );
}
