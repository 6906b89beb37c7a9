import { useRef, useState } from 'react';
import { Form, redirect, useActionData, useNavigation, type ActionFunctionArgs } from 'react-router';
import { sessionApi } from '../session-api.ts';
import { PasswordField, UsernameField } from '../components/Fields.tsx';
import { ErrorMessage } from '../components/Messages.tsx';
import { useAdoptDomValue } from '../components/useAdoptDomValue.ts';
import { QR_CODE_PATH } from '#shared/panel-paths.ts';

interface LoginFailure {
  error: string;
}

/**
 * SPEC §8: 'Not authorized' when the account has no second factor (a player), 'User or password
 * not correct' for a refused password. A rate limit or an outage keeps its own message (docs/departures.md).
 */
function loginFailureMessage(error: unknown): string {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 403) return 'Not authorized';
  const message = error instanceof Error ? error.message : '';
  // Waits and outages keep their own message: 'User or password not correct' would make the admin
  // doubt a password that is right ("Too many attempts. Try again in 8 seconds.", "The content API
  // is unavailable…", "The session store is unavailable…").
  if (typeof status === 'number' && (status === 429 || status >= 500) && message) return message;
  if (status === null || status === undefined)
    return 'The server cannot be reached. Check your connection and try again.';
  return 'User or password not correct';
}

/** Runs in the browser: the session endpoint does the two-step login with the content API. */
export async function action({ request }: ActionFunctionArgs): Promise<LoginFailure | Response> {
  const form = await request.formData();
  const username = String(form.get('username') ?? '');
  const password = String(form.get('password') ?? '');
  try {
    await sessionApi.login({ username, password });
  } catch (error) {
    return { error: loginFailureMessage(error) };
  }
  return redirect(QR_CODE_PATH);
}

export function Component() {
  const failure = useActionData<LoginFailure>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useAdoptDomValue(usernameRef, setUsername);
  useAdoptDomValue(passwordRef, setPassword);
  const complete = username.trim() !== '' && password !== '';

  return (
    <div className="panel-narrow">
      <div className="d-flex align-items-center gap-3 mb-4">
        <span className="site-brand-mark panel-brand-mark panel-login-mark" aria-hidden="true" />
        <h1 className="h3 mb-0">Log in to the admin panel</h1>
      </div>
      <Form method="post" className="card card-body" aria-describedby={failure ? 'login-error' : undefined}>
        <UsernameField
          id="login-username"
          ref={usernameRef}
          name="username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <PasswordField
          id="login-password"
          ref={passwordRef}
          name="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div id="login-error">
          <ErrorMessage message={busy ? null : failure?.error} prefix="" className="mb-3" />
        </div>
        <button type="submit" className="btn btn-primary" disabled={!complete || busy}>
          {busy ? 'Logging in...' : 'Log in'}
        </button>
      </Form>
    </div>
  );
}
