import type { IncomingMessage, ServerResponse } from 'node:http';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

const MARK = '\u0000nonce\u0000';

/**
 * The headers a middleware that depends on nothing but the response's CSP nonce (helmet) sets,
 * captured once by running it against a recording response, so the fast lane can write them
 * without running it: the result gives the header list, name and value alternating, for a nonce.
 * Fails at start-up if the middleware does anything else (fails, reads the request, varies).
 */
export function capturedHeaders(middleware: Middleware): (nonce: string) => string[] {
  const record = (nonce: string) => {
    const headers = new Map<string, [name: string, value: string]>();
    const response = {
      locals: { cspNonce: nonce },
      setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), [name, String(value)]),
      removeHeader: (name: string) => headers.delete(name.toLowerCase()),
      getHeader: (name: string) => headers.get(name.toLowerCase())?.[1],
    };
    const request = new Proxy({} as IncomingMessage, {
      get(_target, property) {
        throw new Error(`the captured middleware read the request (${String(property)})`);
      },
    });
    let passed = false;
    middleware(request, response as unknown as ServerResponse, (error) => {
      if (error !== undefined) throw error;
      passed = true;
    });
    if (!passed) throw new Error('the captured middleware did not pass the request on synchronously');
    return [...headers.values()].flat();
  };
  const template = record(MARK);
  const check = record('A');
  if (template.join('\n').replaceAll(MARK, 'A') !== check.join('\n')) {
    throw new Error('the captured headers vary with more than the nonce');
  }
  const parts = template.map((value) => value.split(MARK));
  return (nonce) => parts.map((pieces) => (pieces.length === 1 ? pieces[0]! : pieces.join(nonce)));
}
