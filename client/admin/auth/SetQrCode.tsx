import { useRef, useState } from 'react';
import {
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router';
import { panelContextOf } from '../server-context.ts';
import { sessionApi } from '../session-api.ts';
import { ErrorMessage } from '../components/Messages.tsx';
import { useAdoptDomValue } from '../components/useAdoptDomValue.ts';
import { LOGIN_PATH, PANEL_PATH } from '#shared/panel-paths.ts';
import { ManualKey } from './ManualKey.tsx';
import { handOverRecoveryCodes } from './recovery-codes-handoff.ts';

interface QrCodeData {
  /** The QR code's SVG markup (made by our server), inlined so it shows before JavaScript runs. */
  svg: string | null;
  /** The same secret as text, for apps that cannot scan. */
  key: string | null;
}

interface VerifyFailure {
  error: string;
  /** Distinguishes consecutive failures: each one starts a fresh, empty code field. */
  attempt: number;
  /** The attempt cap is reached (or the step expired): only a new login can go on. */
  loginAgain: boolean;
}

export async function loader({ context }: LoaderFunctionArgs): Promise<QrCodeData> {
  const panel = panelContextOf(context);
  if (panel) return { svg: panel.qrCodeSvg, key: panel.totpKey };
  const status = await sessionApi.status();
  if (!status.hasQrCode) return { svg: null, key: null };
  const [svg, key] = await Promise.all([sessionApi.qrCodeSvg(), sessionApi.totpKey()]);
  return { svg, key };
}

let attempts = 0;

export async function action({ request }: ActionFunctionArgs): Promise<VerifyFailure | Response> {
  const otp = String((await request.formData()).get('otp') ?? '').trim();
  try {
    const { recoveryCodes } = await sessionApi.verifyOtp(otp);
    if (recoveryCodes?.length) handOverRecoveryCodes(recoveryCodes);
  } catch (error) {
    attempts += 1;
    const message =
      error instanceof Error && error.message ? error.message : 'OTP verification failed. Please try again.';
    const loginAgain = (error as { body?: { loginAgain?: unknown } } | null)?.body?.loginAgain === true;
    return { error: message, attempt: attempts, loginAgain };
  }
  return redirect(PANEL_PATH);
}

/** The code field; remounted (emptied, focused) after every failed attempt. */
function CodeForm({ busy, focus }: { busy: boolean; focus: boolean }) {
  const [code, setCode] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  useAdoptDomValue(inputRef, setCode);
  return (
    <Form method="post" className="card card-body">
      <div className="mb-3">
        <label htmlFor="otp-code" className="form-label">
          Authentication code
        </label>
        <input
          id="otp-code"
          ref={inputRef}
          name="otp"
          className="form-control panel-otp-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          aria-describedby="otp-help"
          autoFocus={focus}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <div id="otp-help" className="form-text">
          The 6-digit code your app shows, or one of your recovery codes.
        </div>
      </div>
      <button type="submit" className="btn btn-primary" disabled={code.trim() === '' || busy}>
        {busy ? 'Verifying...' : 'Verify'}
      </button>
    </Form>
  );
}

export function Component() {
  const { svg, key } = useLoaderData<typeof loader>();
  const failure = useActionData<VerifyFailure>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const [dismissed, setDismissed] = useState(0);
  const showError = failure && failure.attempt !== dismissed && !busy;

  if (failure?.loginAgain && !busy) {
    // The pending login is spent (attempt cap, expiry): no more tries, only the way back.
    return (
      <div className="panel-narrow">
        <h1 className="h3 mb-3">Two-factor authentication</h1>
        <ErrorMessage message={failure.error} prefix="" className="mb-3" />
        <Link className="btn btn-primary" to={LOGIN_PATH}>
          Back to login
        </Link>
      </div>
    );
  }
  return (
    <div className="panel-narrow">
      <h1 className="h3 mb-3">Two-factor authentication</h1>
      {svg ? (
        <>
          <p>Please scan this QR code with your authentication app and enter the code below</p>
          <div
            className="panel-qr mb-3"
            role="img"
            aria-label="QR code for your authentication app"
            dangerouslySetInnerHTML={{ __html: svg }}
          />
          {key ? <ManualKey secret={key} /> : null}
        </>
      ) : (
        <p>Enter the code your authentication app shows for Argus Words.</p>
      )}
      {showError ? (
        <ErrorMessage
          message={failure.error}
          prefix=""
          className="mb-3"
          onDismiss={() => {
            setDismissed(failure.attempt);
            document.getElementById('otp-code')?.focus();
          }}
        />
      ) : null}
      <CodeForm key={failure?.attempt ?? 0} busy={busy} focus={failure !== undefined} />
    </div>
  );
}
