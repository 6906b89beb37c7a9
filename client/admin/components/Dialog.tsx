import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  title: string;
  /** Escape (the dialog's cancel) — the caller decides what closing means. */
  onCancel(): void;
  children: ReactNode;
  /** The buttons row. */
  actions: ReactNode;
}

/**
 * A modal built on the native `<dialog>`: `showModal()` makes the rest of the page inert (focus
 * stays inside), Escape fires `cancel`, and the browser draws the backdrop. Focus goes to the
 * element marked `data-autofocus` (else the first control) and returns where it was on close.
 * Rendered only while open, so server and client markup always agree.
 */
export function Dialog({ open, title, onCancel, children, actions }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className="panel-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className="h5 mb-3">
        {title}
      </h2>
      <div id={bodyId} className="mb-4">
        {children}
      </div>
      <div className="d-flex justify-content-end gap-2">{actions}</div>
    </dialog>
  );
}
