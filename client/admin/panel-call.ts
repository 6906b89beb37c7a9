import { CSRF_HEADER, CSRF_HEADER_VALUE } from '#shared/panel-context.ts';
import { trackedFetch } from './session-api.ts';

/** A request body: JSON, or bytes sent as they are (a file to import). */
export type PanelBody = { json: object } | { bytes: Blob };

/**
 * One call of a screen to the panel server with plain fetch and JSON, so that no entity
 * description or zod lands in the screen's script. A failure throws an Error with the server's
 * one-line message, or says the server could not be reached.
 */
export async function panelCall<T>(method: 'GET' | 'POST', url: string, body?: PanelBody): Promise<T> {
  let response: Response;
  let text: string;
  try {
    response = await trackedFetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(method === 'GET'
          ? {}
          : {
              [CSRF_HEADER]: CSRF_HEADER_VALUE,
              'Content-Type': body && 'bytes' in body ? 'application/octet-stream' : 'application/json',
            }),
      },
      ...(body ? { body: 'bytes' in body ? body.bytes : JSON.stringify(body.json) } : {}),
    });
    text = await response.text();
  } catch {
    throw new Error('The panel server could not be reached: check the connection and try again.');
  }
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  if (!response.ok) {
    const message = (data as { message?: unknown } | null)?.message;
    throw new Error(typeof message === 'string' ? message : `The request failed (${response.status}).`);
  }
  return data as T;
}
