import { Form, useActionData, useNavigation, type ActionFunctionArgs } from 'react-router';
import { sessionApi } from '../session-api.ts';
import { Field } from '../components/Fields.tsx';
import { ErrorMessage } from '../components/Messages.tsx';
import { useFollowLink } from '../components/plain-links.ts';
import { LOGIN_PATH } from '#shared/panel-paths.ts';

type EnrolOutcome = { error: string } | { username: string };

/**
 * Runs in the browser: the invitation's token (from the link) and the chosen password go to the
 * panel's session endpoint, which sets the password through the content API (issue 33).
 */
export async function action({ request }: ActionFunctionArgs): Promise<EnrolOutcome> {
  const form = await request.formData();
  const password = String(form.get('password') ?? '');
  if (password !== String(form.get('confirm') ?? ''))
    return { error: 'The two passwords differ: type the same one twice.' };
  const token = new URL(request.url).searchParams.get('token') ?? '';
  try {
    return await sessionApi.enrol(token, password);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** The page an invitation's link opens: choose a password, then log in to set up two-factor. */
export function Component() {
  const outcome = useActionData<EnrolOutcome>();
  const navigation = useNavigation();
  const follow = useFollowLink();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  if (outcome && 'username' in outcome) {
    return (
      <div className="panel-narrow">
        <h1 className="h3 mb-4">Your password is set</h1>
        <div className="card card-body" role="status">
          <p>
            Welcome, <strong>{outcome.username}</strong>. Log in now: the first login shows a QR code to set
            up two-factor authentication with an authenticator app.
          </p>
          <a className="btn btn-primary align-self-start" href={LOGIN_PATH} onClick={follow}>
            Log in
          </a>
        </div>
      </div>
    );
  }
  return (
    <div className="panel-narrow">
      <h1 className="h3 mb-4">Choose your password</h1>
      <Form method="post" className="card card-body" aria-describedby="enrol-help enrol-error">
        <p id="enrol-help" className="text-body-secondary">
          You were invited to the Argus Words content panel. Choose a password of at least 12 characters; this
          link works once, for 24 hours.
        </p>
        <Field
          id="enrol-password"
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
        />
        <Field
          id="enrol-confirm"
          name="confirm"
          label="Password again"
          type="password"
          autoComplete="new-password"
          required
        />
        <div id="enrol-error">
          <ErrorMessage message={busy ? null : outcome?.error} className="mb-3" />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving...' : 'Set my password'}
        </button>
      </Form>
    </div>
  );
}
