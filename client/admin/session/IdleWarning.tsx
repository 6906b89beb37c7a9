import type { SessionStatus } from '#shared/panel-context.ts';
import { Dialog } from '../components/Dialog.tsx';
import { useIdleTimer } from './useIdleTimer.ts';

const secondsText = (n: number) => `${n} ${n === 1 ? 'second' : 'seconds'}`;

/**
 * The idle timer of a logged-in panel page and its 'Stay logged in?' prompt, one minute before the
 * session ends for inactivity. Escape counts as staying: whoever pressed it is here.
 */
export function IdleWarning({ status }: { status: SessionStatus }) {
  const { view, stay, logoutNow } = useIdleTimer(status);
  const seconds = view.warningSecondsLeft;
  return (
    <Dialog
      open={seconds !== null}
      title="Stay logged in?"
      onCancel={stay}
      actions={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={logoutNow}>
            Logout
          </button>
          {view.atMaximum ? null : (
            <button type="button" className="btn btn-primary" onClick={stay} data-autofocus>
              Stay logged in
            </button>
          )}
        </>
      }
    >
      {view.atMaximum ? (
        <p className="mb-0">
          Your session has reached its maximum length and ends in {secondsText(seconds ?? 0)}. Log in again to
          continue.
        </p>
      ) : (
        <p className="mb-0">
          You have been inactive for a while. For your security you will be logged out in{' '}
          <span className="fw-semibold">{secondsText(seconds ?? 0)}</span>.
        </p>
      )}
    </Dialog>
  );
}
