import { useCallback, useEffect, type RefObject } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { ConfirmDialog } from '#client/admin/components/ConfirmDialog.tsx';

interface UnsavedChangesGuardProps {
  dirty: boolean;
  /** True once the form saved: its own navigation back to the list is not blocked. */
  saved: RefObject<boolean>;
}

/**
 * Asks before leaving a form with unsaved changes: in-app navigation through the router's blocker
 * and the confirm dialog, closing or reloading the tab through the browser's own prompt.
 */
export function UnsavedChangesGuard({ dirty, saved }: UnsavedChangesGuardProps) {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirty && !saved.current && currentLocation.pathname !== nextLocation.pathname,
    [dirty, saved],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (saved.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, saved]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      confirmLabel="Leave"
      cancelLabel="Stay"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
      message="You have unsaved changes. They will be lost if you leave this page."
    />
  );
}
