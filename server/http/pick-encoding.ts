import accepts from 'accepts';
import type { IncomingMessage } from 'node:http';

export type PageEncoding = 'br' | 'gzip' | 'identity';

// Browsers send a handful of distinct Accept-Encoding values: each is negotiated once. The map is
// bounded (a client can send endless variants), emptied when full.
const chosen = new Map<string | undefined, PageEncoding>();
const LIMIT = 256;

/** Express's `req.acceptsEncodings('br', 'gzip', 'identity')` for this header, memoised. */
export function pickEncoding(header: string | undefined): PageEncoding {
  let encoding = chosen.get(header);
  if (encoding === undefined) {
    const request = { headers: header === undefined ? {} : { 'accept-encoding': header } } as IncomingMessage;
    encoding = (accepts(request).encodings(['br', 'gzip', 'identity']) || 'identity') as PageEncoding;
    if (chosen.size >= LIMIT) chosen.clear();
    chosen.set(header, encoding);
  }
  return encoding;
}
