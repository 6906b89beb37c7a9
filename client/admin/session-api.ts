// The error helpers come straight from their module, not the client's index: the access screens
// must not pull the entity descriptions (and zod) into their bundle.
import { errorFromFailure, errorFromResponse, parseBody } from '#shared/api-client/errors.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE, type SessionStatus } from '#shared/panel-context.ts';
import { SESSION_PATH } from '#shared/panel-paths.ts';
import { noteResponse } from './session/idle-feed.ts';

/** Every panel request of the browser goes through here: it feeds the idle monitor. */
export const trackedFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  noteResponse(response);
  return response;
};

export interface VerifyOtpResult {
  status: SessionStatus;
  /** Only when this code completed the enrolment: shown once, never again. */
  recoveryCodes?: string[];
}

/**
 * One call to a session endpoint: JSON both ways, the CSRF header on writes, and on failure an
 * ApiError with the server's message (or the network error's).
 */
async function sessionCall<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let response: Response;
  let text: string;
  try {
    response = await trackedFetch(SESSION_PATH + path, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(method === 'GET' ? {} : { [CSRF_HEADER]: CSRF_HEADER_VALUE }),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    text = await response.text();
  } catch (error) {
    throw errorFromFailure(error, null);
  }
  if (!response.ok) throw errorFromResponse(response, text);
  return parseBody(text) as T;
}

/** The browser side of the panel's server session (`/argusma-words-panel/session…`). */
export const sessionApi = {
  /** Reading the status does not extend the idle deadline. */
  status: () => sessionCall<SessionStatus>('GET', ''),
  login: (credentials: { username: string; password: string }) =>
    sessionCall<SessionStatus>('POST', '/login', credentials),
  verifyOtp: (otp: string) => sessionCall<VerifyOtpResult>('POST', '/verify-otp', { otp }),
  keepAlive: () => sessionCall<SessionStatus>('POST', '/keep-alive'),
  logout: () => sessionCall<null>('POST', '/logout'),
  /** An invitation's first password (the token from its link); no session is made. */
  enrol: (token: string, password: string) =>
    sessionCall<{ username: string }>('POST', '/enrol', { token, password }),
  /** The QR code's secret, typed by hand into apps that cannot scan (while enrolling only). */
  totpKey: () => sessionCall<{ key: string }>('GET', '/totp-key').then((answer) => answer.key),
  /** The QR code to scan while enrolling (only when the status says `hasQrCode`). */
  async qrCodeSvg(): Promise<string> {
    const response = await trackedFetch(`${SESSION_PATH}/qr-code.svg`, { credentials: 'same-origin' });
    const text = await response.text();
    if (!response.ok) throw errorFromResponse(response, text);
    return text;
  },
};
