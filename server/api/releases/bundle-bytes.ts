import { createHash } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Bundle } from '#shared/releases/bundle.ts';

/**
 * A bundle's bytes: standard JSON written one row a line, so that neither writing nor reading a
 * bundle of tens of MB ever holds the event loop (JSON.stringify or JSON.parse of the whole would,
 * for a tenth of a second): rows are written and read a slice at a time with turns of the loop
 * between. Compression runs on libuv's thread pool, once per release.
 */

/** Bytes per stored chunk (release_chunks): written or read in a millisecond or two. */
export const CHUNK_BYTES = 64 * 1024;
const ARRAYS = ['stages', 'levels', 'letterGroups', 'words'] as const;

export interface BundleBytes {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** SHA-256 of `identity`, base64url: the bundle's ETag. */
  hash: string;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Brotli's quality 11 takes a minute over the largest language (P-publish's budget is a minute for
 * everything); 9 is within a few per cent of its size at a fraction of the time.
 */
const BROTLI_QUALITY = 9;

/**
 * The bundle as JSON, one row a line, with a pause between slices of rows, and its hash (taken a
 * part at a time: hashing tens of MB at once would hold the loop).
 */
export async function bundleJson(
  bundle: Bundle,
  pause: () => Promise<void>,
): Promise<{ bytes: Buffer; hash: string }> {
  const parts: Buffer[] = [];
  const hash = createHash('sha256');
  let pending: string[] = [];
  let size = 0;
  const push = (line: string) => {
    pending.push(line);
    size += line.length;
    if (size >= CHUNK_BYTES) flush();
  };
  const flush = () => {
    if (pending.length > 0) {
      const part = Buffer.from(pending.join(''), 'utf8');
      hash.update(part);
      parts.push(part);
    }
    pending = [];
    size = 0;
  };
  push(`{"format":${JSON.stringify(bundle.format)},"language":${JSON.stringify(bundle.language)},\n`);
  for (const [n, name] of ARRAYS.entries()) {
    push(`"${name}":[\n`);
    const rows: readonly unknown[] = bundle[name];
    for (let i = 0; i < rows.length; i++) {
      push(`${JSON.stringify(rows[i])}${i < rows.length - 1 ? ',' : ''}\n`);
      if (i % 200 === 199) await pause();
    }
    push(n < ARRAYS.length - 1 ? '],\n' : ']}');
  }
  flush();
  return { bytes: Buffer.concat(parts), hash: hash.digest('base64url') };
}

/** The bundle's bytes, compressed both ways off the event loop, and its hash. */
export async function bundleBytes(bundle: Bundle, pause: () => Promise<void>): Promise<BundleBytes> {
  const { bytes: identity, hash } = await bundleJson(bundle, pause);
  const [gz, br] = await Promise.all([
    gzipAsync(identity, { level: 9 }),
    brotliAsync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  return { identity, gzip: gz, br, hash };
}

/** `bytes` cut into stored chunks. */
export function chunksOf(bytes: Buffer): Buffer[] {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) chunks.push(bytes.subarray(at, at + CHUNK_BYTES));
  return chunks.length > 0 ? chunks : [Buffer.alloc(0)];
}

/**
 * A bundle read back from its uncompressed chunks, a line at a time (the layout bundleJson
 * writes), with a pause every thousand rows.
 */
export async function parseBundle(
  chunks: AsyncIterable<Buffer>,
  pause: () => Promise<void>,
): Promise<Bundle> {
  const decoder = new StringDecoder('utf8');
  const bundle: Record<string, unknown> = {};
  let rest = '';
  let array: unknown[] | null = null;
  let rows = 0;
  const line = (text: string) => {
    if (text === '') return;
    if (bundle.format === undefined) {
      Object.assign(bundle, JSON.parse(`${text.slice(0, -1)}}`) as object);
      return;
    }
    const opening = /^"(\w+)":\[$/.exec(text);
    if (opening) {
      array = [];
      bundle[opening[1]!] = array;
    } else if (text === '],' || text === ']}') array = null;
    else if (array) array.push(JSON.parse(text.endsWith(',') ? text.slice(0, -1) : text));
    else throw new Error(`Unexpected line in a stored bundle: ${text.slice(0, 40)}`);
  };
  for await (const chunk of chunks) {
    const text = rest + decoder.write(chunk);
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      line(text.slice(start, end));
      start = end + 1;
      if (++rows % 200 === 0) await pause();
    }
    rest = text.slice(start);
  }
  line(rest + decoder.end());
  return bundle as unknown as Bundle;
}
