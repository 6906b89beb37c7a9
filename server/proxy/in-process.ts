import { IncomingMessage, ServerResponse, type OutgoingHttpHeaders } from 'node:http';
import { Duplex } from 'node:stream';
import { UpstreamError } from './upstream-error.ts';

/** An HTTP request handler (an express app), called without a socket. */
export type AppHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface InProcessLimits {
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  maxResponseBytes: number;
}

export interface InProcessAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

export interface InProcessCall {
  method: string;
  /** Path and query, as they would stand in the request line. */
  path: string;
  /** Lower-case names, as undici would send them (host included). */
  headers: Record<string, string>;
  body: Buffer | null;
}

/**
 * A connection that never was: the request's socket as the app sees it (loopback addresses, as the
 * private listener's), and a sink for the serialized response, which is read from the calls to
 * write/end instead (see dispatchInProcess).
 */
class LoopbackSocket extends Duplex {
  readonly remoteAddress = '127.0.0.1';
  readonly remoteFamily = 'IPv4';
  readonly remotePort = 0;
  readonly localAddress = '127.0.0.1';
  readonly localPort = 0;
  // What is written here is thrown away: strings (the status line and headers) stay strings
  // rather than each becoming a Buffer, whose memory is only freed by a later GC.
  constructor() {
    super({ decodeStrings: false });
  }
  override _read(): void {}
  override _write(_chunk: unknown, _encoding: string, callback: () => void): void {
    callback();
  }
  override _writev(_chunks: unknown, callback: () => void): void {
    callback();
  }
  setTimeout(): this {
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
}

type EndArgs = [chunk?: unknown, encoding?: unknown, callback?: unknown];

/**
 * The content API's answer to one call, handed straight to its request handler in this process
 * (embedded-api.ts), without serializing the call into HTTP and parsing it back on both sides: the
 * handler gets a request as from the private loopback listener, and its answer is read from its
 * calls to writeHead/write/end. The limits are undici's: `headersTimeoutMs` until the status
 * is sent, `bodyTimeoutMs` between two body chunks, `maxResponseBytes` in all; past them the call
 * is dropped (the app sees its client go away) and fails as over the socket.
 */
export function dispatchInProcess(
  handler: AppHandler,
  call: InProcessCall,
  limits: InProcessLimits,
): Promise<InProcessAnswer> {
  return new Promise<InProcessAnswer>((resolve, reject) => {
    const socket = new LoopbackSocket();
    const req = new IncomingMessage(socket as never);
    req.method = call.method;
    req.url = call.path;
    req.httpVersion = '1.1';
    req.httpVersionMajor = 1;
    req.httpVersionMinor = 1;
    const headers: Record<string, string> = { ...call.headers };
    if (call.body) headers['content-length'] = String(call.body.length);
    req.headers = headers;
    req.rawHeaders = Object.entries(headers).flat();
    if (call.body && call.body.length > 0) req.push(call.body);
    req.push(null);
    req.complete = true;

    const res = new ServerResponse(req);
    // Headers given to writeHead() are then kept where getHeaders() finds them.
    res.setHeader('x-in-process', '1');
    res.removeHeader('x-in-process');
    res.assignSocket(socket as never);

    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (error: UpstreamError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // As a dropped connection: the app's request and response close unfinished.
      req.destroy();
      socket.destroy();
      reject(error);
    };
    const timedOut = () => fail(new UpstreamError('timeout', 'The content API did not answer in time.'));
    let timer = setTimeout(timedOut, limits.headersTimeoutMs);

    const capture = (chunk: unknown, encoding: unknown): void => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buffer =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.isBuffer(chunk)
            ? chunk
            : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      if (size > limits.maxResponseBytes) {
        return fail(new UpstreamError('too-large', 'The content API answered with too much data.'));
      }
      chunks.push(buffer);
      clearTimeout(timer);
      timer = setTimeout(timedOut, limits.bodyTimeoutMs);
    };

    const write = res.write;
    res.write = function (this: ServerResponse, ...args: EndArgs) {
      if (settled) return false;
      capture(args[0], args[1]);
      return (write as (...a: EndArgs) => boolean).apply(this, args);
    } as ServerResponse['write'];
    const end = res.end;
    res.end = function (this: ServerResponse, ...args: EndArgs) {
      if (!settled) capture(args[0], args[1]);
      return (end as (...a: EndArgs) => ServerResponse).apply(this, args);
    } as ServerResponse['end'];

    res.once('finish', () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({
        status: res.statusCode,
        headers: plainHeaders(res.getHeaders()),
        // res.send's one Buffer as it is: a copy would be one more allocation per call.
        body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks),
      });
      // What the HTTP server does after an answer: the socket goes back to the pool, the unread
      // body is dropped, and the response closes.
      res.detachSocket(socket as never);
      req.resume();
      process.nextTick(() => {
        res.destroyed = true;
        res.emit('close');
      });
    });
    // Closed before it finished: the app dropped the call, as a reset connection would.
    res.once('close', () => {
      if (!settled) fail(new UpstreamError('unreachable', 'The content API could not be reached.'));
    });

    // The app takes the call on a later turn of the event loop, as it would from a socket. Called
    // at once, a caller that sends call after call (an import's 2,500-row chunks) would run them
    // all in one task through promise callbacks: the API's SQLite work is synchronous, so nothing
    // else (another page, /healthz) would be answered until the last one (seconds).
    setImmediate(() => {
      if (settled) return;
      try {
        handler(req, res);
      } catch {
        fail(new UpstreamError('unreachable', 'The content API could not be reached.'));
      }
    });
  });
}

// As undici hands them over: strings (numbers set with setHeader become their text) or lists.
function plainHeaders(headers: OutgoingHttpHeaders): Record<string, string | string[]> {
  const plain: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    plain[name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return plain;
}
