/**
 * What the loaders' in-process fetch answers (loader-context.ts): the proxy's buffered outcome
 * behind the part of a Fetch `Response` the API client reads — status, headers, `text()`, `json()`.
 * undici's `Response` wraps even a buffered body in a ReadableStream and reads it back through
 * the stream, a large share of the work of each such call of a panel page. A caller that asks
 * for `body` (a streamed export) gets a real stream of the same bytes.
 */
export class BufferedResponse {
  readonly ok: boolean;
  readonly statusText = '';
  readonly headers: Headers;
  #bytes: Buffer | null;
  #used = false;

  constructor(
    readonly status: number,
    headers: Record<string, string>,
    bytes: Buffer | null,
  ) {
    this.ok = status >= 200 && status < 300;
    this.headers = new Headers(headers);
    this.#bytes = bytes;
  }

  get bodyUsed(): boolean {
    return this.#used;
  }

  get body(): ReadableStream<Uint8Array> | null {
    return this.#bytes ? new Response(new Uint8Array(this.#take())).body : null;
  }

  async text(): Promise<string> {
    return this.#take().toString('utf8');
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }

  // As with a Fetch Response, the body is read once.
  #take(): Buffer {
    if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    return this.#bytes ?? Buffer.alloc(0);
  }
}
