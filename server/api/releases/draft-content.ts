import type { Finding, Findings, ReleaseDiff } from '#shared/releases/api.ts';
import { countsOf, type Bundle, type BundleCounts } from '#shared/releases/bundle.ts';
import { DiffBuilder } from '#shared/releases/diff.ts';
import type { ReadHandle } from '../../db/relayed-reads.ts';
import { slicer } from '../solvability/compute-all.ts';
import { bundleBytes, parseBundle, type BundleBytes } from './bundle-bytes.ts';
import { findingsOf, gateFindings } from './gate.ts';
import { readLanguageDraft, releaseLanguages } from './snapshot.ts';
import type { ReleaseStore } from './store.ts';

/**
 * What the draft thread computes (draft-worker.ts), from reads only: the draft's check against
 * the current release, and one language's bundle as a publish stores it. Written for any read
 * handle, so the release diff endpoint (diffs.ts) reads stored bundles the same way in the server.
 */

/** The draft's findings and its diff against the current release (a DraftCheck but its version). */
export interface DraftContent {
  computedAt: string;
  findings: Finding[];
  /** The findings as answered (counted, the first ones listed): made once per check. */
  summary: Findings;
  diff: ReleaseDiff;
}

/**
 * One language's release bundle, built: its gate findings, bytes (hashed, compressed) and counts;
 * no bytes when it has findings and the publish is not forced (it is refused: nothing to build).
 */
export type BuiltLanguage =
  | { findings: Finding[]; bytes: BundleBytes; counts: BundleCounts }
  | { findings: Finding[]; bytes: null; counts: null };

/** A release's bundle of a language, read back (a line at a time: see bundle-bytes.ts). */
export async function storedBundle(
  store: Pick<ReleaseStore, 'bundle' | 'chunks'>,
  number: number,
  languageId: number,
  pause: () => Promise<void>,
): Promise<Bundle | null> {
  const meta = await store.bundle(number, languageId);
  if (!meta) return null;
  return parseBundle(store.chunks(meta.releaseId, meta.languageId, 'identity'), pause);
}

/** The language ids a release has bundles of. */
export async function releaseLanguageIds(
  store: Pick<ReleaseStore, 'get'>,
  number: number | null,
): Promise<number[]> {
  if (number === null) return [];
  return ((await store.get(number))?.languages ?? []).map((language) => language.languageId);
}

/**
 * The draft checked as a publish would check it (gate.ts), language by language, and its diff
 * against the current release: only one language's draft and bundle are held at a time.
 */
export async function draftContent(
  database: ReadHandle,
  store: ReleaseStore,
  now: number,
): Promise<DraftContent> {
  const pause = slicer();
  const current = (await store.state()).current;
  const languages = await releaseLanguages(database);
  const diff = new DiffBuilder();
  const findings: Finding[] = [];
  for (const language of languages) {
    const draft = await readLanguageDraft(database, language, pause);
    findings.push(...(await gateFindings(draft, pause)));
    const before = current === null ? null : await storedBundle(store, current, language.id, pause);
    await diff.add(before, draft.bundle, pause);
    await pause();
  }
  // Languages the current release has that the draft no longer does (deactivated).
  const drafted = new Set(languages.map((language) => language.id));
  for (const id of await releaseLanguageIds(store, current)) {
    if (drafted.has(id) || current === null) continue;
    await diff.add(await storedBundle(store, current, id, pause), null, pause);
  }
  return {
    computedAt: new Date(now).toISOString(),
    findings,
    summary: findingsOf(findings),
    diff: diff.result(current, 'draft'),
  };
}

/** One language's draft read, judged by the gate, and written as its bundle (hashed, compressed). */
export async function buildLanguage(
  database: ReadHandle,
  language: { id: number; name: string },
  force: boolean,
): Promise<BuiltLanguage> {
  const pause = slicer();
  const draft = await readLanguageDraft(database, language, pause);
  const findings = await gateFindings(draft, pause);
  if (findings.length > 0 && !force) return { findings, bytes: null, counts: null };
  const bytes = await bundleBytes(draft.bundle, pause);
  return { findings, bytes, counts: countsOf(draft.bundle) };
}
