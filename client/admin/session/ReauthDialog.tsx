import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Dialog } from '../components/Dialog.tsx';
import { Field, PasswordField, UsernameField } from '../components/Fields.tsx';
import { sessionApi } from '../session-api.ts';
import { publishIdleNews } from './idle-feed.ts';

/** What the admin is told when a step is refused (SPEC §8's wording where it has one). */
function failure(error: unknown, step: 'password' | 'code'): string {
  const status = (error as { status?: unknown } | null)?.status;
  const message = error instanceof Error ? error.message : '';
  if (status === null || status === undefined)
    return 'The server cannot be reached. Check your connection and try again.';
  if (status === 429 || (typeof status === 'number' && status >= 500)) return message || 'Please try again.';
  if (step === 'code') return message || 'OTP verification failed. Please try again.';
  return status === 403 ? 'Not authorized' : 'User or password not correct';
}

/**
 * The login in place, in a modal dialog, when the session ended under a form (issue 12): the real
 * password step and then the two-factor code, through the same session endpoints as the login
 * screen (server-side session, CSRF header; no token ever reaches the page). The form and its
 * input stay behind the dialog; on success the interrupted save runs.
 */
export function ReauthDialog({
  username: known,
  saving,
  onDone,
  onCancel,
}: {
  username: string | null;
  /** A save waits for this login (else the session ended while the form held input). */
  saving: boolean;
  onDone(): void;
  onCancel(): void;
}) {
  const id = useId();
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [username, setUsername] = useState(known ?? '');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (step === 'code') codeRef.current?.focus();
  }, [step]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (step === 'password') {
        const status = await sessionApi.login({ username: username.trim(), password });
        if (status.hasQrCode) {
          setError('This account must set up two-factor authentication again: use the login page.');
        } else {
          setPassword('');
          setStep('code');
        }
      } else {
        const { status } = await sessionApi.verifyOtp(code.trim());
        publishIdleNews({ kind: 'renewed', status });
        onDone();
        return;
      }
    } catch (caught) {
      setError(failure(caught, step));
      if (step === 'code' && (caught as { body?: { loginAgain?: unknown } }).body?.loginAgain) {
        setCode('');
        setStep('password');
      }
    }
    setBusy(false);
  }

  const errorId = `${id}-error`;
  const formId = `${id}-form`;
  return (
    <Dialog
      open
      title="Log in to save your changes"
      onCancel={onCancel}
      actions={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={busy}>
            {step === 'password' ? 'Log in' : saving ? 'Verify and save' : 'Verify'}
          </button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(event) => void submit(event)}
        aria-describedby={error ? errorId : undefined}
      >
        <p>
          {saving
            ? 'Your session has ended. Your changes are still here: log in again and they will be saved.'
            : 'Your session has ended. Your changes are still here: log in again, then save them.'}
        </p>
        {error ? (
          <p id={errorId} role="alert" className="text-danger fw-semibold">
            {error}
          </p>
        ) : null}
        {step === 'password' ? (
          <>
            <UsernameField
              id={`${id}-username`}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
            />
            <PasswordField
              id={`${id}-password`}
              data-autofocus
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </>
        ) : (
          <Field
            id={`${id}-code`}
            label="Authentication code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            ref={codeRef}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </form>
    </Dialog>
  );
}
