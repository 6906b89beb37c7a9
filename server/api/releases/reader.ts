import { createHash } from 'node:crypto';
import { BUNDLE_FORMAT } from '#shared/releases/bundle.ts';
import { mayReachLanguage, type Reach } from '#shared/permissions.ts';
import { untilCommit } from '../../db/until-commit.ts';
import { pickEncoding } from '../../http/pick-encoding.ts';
import type { BundleMeta, Encoding, ReleaseStore, StoredState } from './store.ts';

/** Bundle bytes kept in memory at most (the least recently used go first). */
const KEPT_BYTES = 96 * 1024 * 1024;
/** Bundles' descriptions kept (hash and sizes: a 304 needs nothing else). */
const KEPT_METAS = 1000;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The game sends its player's id here: a staged release reaches the same players every time. */
export const PLAYER_HEADER = 'x-player-id';

export interface GameRequest {
  /** `current`, or a release number. */
  which: 'current' | number;
  languageId: number;
  reach: Reach;
  playerId: string | undefined;
  ifNoneMatch: string | undefined;
  acceptEncoding: string | undefined;
  /** The API prefix, for Content-Location. */
  prefix: string;
}

export interface GameAnswer {
  status: number;
  headers: Record<string, string>;
  /** The bundle's bytes in the chosen encoding (absent on a 304 or an error). */
  body?: Buffer;
  /** An error's JSON. */
  json?: { message: string };
}

/**
 * Which of a staged rollout's players get the staged release: a bucket from 0 to 9999 from the
 * player's id and the release, the same on every instance and every request, so widening the
 * share keeps everyone who had it and adds others.
 */
export function rolloutBucket(release: number, playerId: string): number {
  return createHash('sha256').update(`${release}:${playerId}`).digest().readUInt32BE(0) % 10_000;
}

/** Whether `If-None-Match` names `etag` (weak comparison, as HTTP says for it; `*` matches). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

const error = (status: number, message: string): GameAnswer => ({
  status,
  headers: { 'Cache-Control': 'no-store' },
  json: { message },
});

/**
 * The game's reads of releases, per instance. What it keeps can never be stale:
 * - which release is current (release_state) is kept only while the database's access counter
 *   stands — SQLite's change counter, or on PostgreSQL the notices every instance listens to,
 *   which a write to release_state sends (migration 0023) — so a publish or rollback on any
 *   instance is served from the next request after its notice (`version`: that counter, read
 *   once per turn of the event loop, until-commit.ts perTurn);
 * - a release's bundles never change, but a release can be pruned: their descriptions are kept
 *   like the state, their bytes (each encoding computed once, at publish) by release id until
 *   memory says otherwise — never reached once the description is gone.
 */
export function createReleaseReader(deps: { version: () => string; store: ReleaseStore }) {
  const { store } = deps;
  const states = untilCommit<StoredState>(deps.version, 1);
  const metas = untilCommit<BundleMeta>(deps.version, KEPT_METAS);
  const bytes = new Map<string, Buffer>();
  const loading = new Map<string, Promise<Buffer>>();
  let keptBytes = 0;

  async function state(): Promise<StoredState> {
    const at = states.now();
    const kept = states.get('state');
    if (kept) return kept;
    const read = await store.state();
    states.keep('state', read, at);
    return read;
  }

  /**
   * A release's bundle of a language: kept like the state (a pruned release must be gone on every
   * instance, and pruning notifies as a switch does), so a 304 reads nothing from the database.
   */
  async function meta(number: number, languageId: number): Promise<BundleMeta | null> {
    const key = `${number}/${languageId}`;
    const at = metas.now();
    const kept = metas.get(key);
    if (kept) return kept;
    const found = await store.bundle(number, languageId);
    // A release not (yet) published may be published later: only what exists is kept.
    if (found) metas.keep(key, found, at);
    return found;
  }

  async function load(found: BundleMeta, encoding: Encoding): Promise<Buffer> {
    const key = `${found.releaseId}/${found.languageId}/${encoding}`;
    const kept = bytes.get(key);
    if (kept) {
      // Most recently used last.
      bytes.delete(key);
      bytes.set(key, kept);
      return kept;
    }
    let pending = loading.get(key);
    if (!pending) {
      pending = (async () => {
        const parts: Buffer[] = [];
        for await (const chunk of store.chunks(found.releaseId, found.languageId, encoding))
          parts.push(chunk);
        const body = Buffer.concat(parts);
        const expected =
          encoding === 'identity' ? found.bytes : encoding === 'gzip' ? found.gzipBytes : found.brBytes;
        // A release pruned while it was read: never send part of it.
        if (body.length !== expected) throw new Error('pruned');
        while (keptBytes + body.length > KEPT_BYTES && bytes.size > 0) {
          const [oldest, buffer] = bytes.entries().next().value!;
          bytes.delete(oldest);
          keptBytes -= buffer.length;
        }
        if (body.length <= KEPT_BYTES) {
          bytes.set(key, body);
          keptBytes += body.length;
        }
        return body;
      })().finally(() => loading.delete(key));
      loading.set(key, pending);
    }
    return pending;
  }

  /** The release a request gets: the one asked for, or the current (or staged) one; null: none. */
  function numberFor(request: GameRequest, now: StoredState): number | null {
    if (request.which !== 'current') return request.which;
    if (now.current === null && now.staged === null) return null;
    const staged =
      now.staged !== null &&
      request.playerId !== undefined &&
      rolloutBucket(now.staged.number, request.playerId) < now.staged.share * 100;
    return staged || now.current === null ? now.staged!.number : now.current;
  }

  function headersFor(request: GameRequest, found: BundleMeta): Record<string, string> {
    const current = request.which === 'current';
    const headers: Record<string, string> = {
      'Cache-Control': current ? 'no-cache' : IMMUTABLE,
      ETag: `"${found.hash}"`,
      Vary: current ? 'Accept-Encoding, X-Player-Id' : 'Accept-Encoding',
      'X-Release': String(found.number),
      'X-Release-Format': String(BUNDLE_FORMAT),
    };
    if (current)
      headers['Content-Location'] = `${request.prefix}/releases/${found.number}/${found.languageId}`;
    return headers;
  }

  function withBody(headers: Record<string, string>, encoding: Encoding, body: Buffer): GameAnswer {
    headers['Content-Type'] = 'application/json; charset=utf-8';
    if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = String(body.length);
    return { status: 200, headers, body };
  }

  const refused = (request: GameRequest) =>
    error(
      403,
      `Your reach does not include language ${request.languageId}: its releases are not yours to read`,
    );

  return {
    state,
    meta,

    /**
     * The answer when everything it needs is kept (the state, the bundle's description, and for a
     * 200 its bytes): no await at all, as the game lane wants for the common 304. Undefined when a
     * read is needed (then `answer`).
     */
    keptAnswer(request: GameRequest): GameAnswer | undefined {
      if (!mayReachLanguage(request.reach, request.languageId)) return refused(request);
      let number: number | null = request.which === 'current' ? null : request.which;
      if (number === null) {
        states.now();
        const now = states.get('state');
        if (!now) return undefined;
        number = numberFor(request, now);
        if (number === null) return undefined;
      }
      metas.now();
      const found = metas.get(`${number}/${request.languageId}`);
      if (!found) return undefined;
      const headers = headersFor(request, found);
      if (matchesEtag(request.ifNoneMatch, headers.ETag!)) return { status: 304, headers };
      const encoding = pickEncoding(request.acceptEncoding);
      const key = `${found.releaseId}/${found.languageId}/${encoding}`;
      const body = bytes.get(key);
      if (!body) return undefined;
      bytes.delete(key); // most recently used last
      bytes.set(key, body);
      return withBody(headers, encoding, body);
    },

    /** A bundle, a 304 or an error for one game request. */
    async answer(request: GameRequest): Promise<GameAnswer> {
      const { languageId } = request;
      if (!mayReachLanguage(request.reach, languageId)) return refused(request);
      const number = numberFor(request, await state());
      if (number === null) return error(404, 'No release has been published yet');
      const found = await meta(number, languageId);
      if (!found) {
        const exists = request.which === 'current' || (await store.get(number)) !== null;
        return error(
          404,
          exists
            ? `Release ${number} has no bundle for language ${languageId} (inactive or unknown)`
            : `Release ${number} not found (or pruned)`,
        );
      }
      const headers = headersFor(request, found);
      if (matchesEtag(request.ifNoneMatch, headers.ETag!)) return { status: 304, headers };
      const encoding = pickEncoding(request.acceptEncoding);
      try {
        return withBody(headers, encoding, await load(found, encoding));
      } catch (failure) {
        if ((failure as Error).message === 'pruned')
          return error(404, `Release ${number} not found (or pruned)`);
        throw failure;
      }
    },
  };
}

export type ReleaseReader = ReturnType<typeof createReleaseReader>;
