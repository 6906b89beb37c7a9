/**
 * Lanes answer some requests before Express (server/http/fast-lane.ts and the others): these tell
 * which of the two answered, and what may differ between two answers to the same request.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Answer {
  status: number;
  headers: string[];
  body: string;
  /** Whether Express's router took the request (see listen). */
  express: boolean;
}

/** A listener for one handler that tells, per answer, whether Express took the request. */
export async function listen(handler: (req: IncomingMessage, res: never) => void, express: object) {
  // Told when the answer is written: the lane may hand a request to Express after a wait.
  const finished: boolean[] = [];
  const server: Server = createServer((req, res) => {
    // Express's router leaves its `next` on the request; a lane answering through the app's error
    // handlers (answerError) puts Express's prototypes on it, but never routes it.
    res.on('finish', () =>
      finished.push(
        Object.getPrototypeOf(req) === express && typeof (req as { next?: unknown }).next === 'function',
      ),
    );
    handler(req, res as never);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const get = (path: string, headers: Record<string, string>, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, headers, method }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: res.rawHeaders,
            body: Buffer.concat(chunks).toString('latin1'),
            express: finished.at(-1)!,
          }),
        );
      });
      req.on('error', reject).end();
    });
  return { get, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** What may differ between two answers to the same request: ids, nonces, the time. */
export function comparable(answer: Answer) {
  const requestId = answer.headers[answer.headers.findIndex((h) => h.toLowerCase() === 'x-request-id') + 1];
  const scrub = (text: string) =>
    text.replaceAll(requestId ?? '\0', '<id>').replace(/'nonce-[^']+'/g, "'nonce-…'");
  const headers = answer.headers.map(scrub);
  const date = headers.indexOf('Date');
  if (date >= 0) headers[date + 1] = '<date>';
  // A body that names its request id has an ETag (and a length, compressed) of its own.
  for (const name of ['ETag', 'etag']) {
    const at = headers.indexOf(name);
    if (at >= 0 && requestId && answer.body.includes(requestId)) headers[at + 1] = '<etag>';
  }
  return { status: answer.status, headers, body: scrub(answer.body) };
}
