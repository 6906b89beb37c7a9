import type { ReleaseDiff } from '#shared/releases/api.ts';
import { DiffBuilder } from '#shared/releases/diff.ts';
import { keepBounded } from '../../db/until-commit.ts';
import { notFound } from '../http/errors.ts';
import { slicer } from '../solvability/compute-all.ts';
import { storedBundle } from './draft-content.ts';
import type { ReleaseStore } from './store.ts';

/** Diffs between two releases kept (releases never change, so neither do their diffs). */
const KEPT = 20;

/**
 * What changed from one release to another, language by language (only two bundles held at once),
 * kept: releases are immutable. `from` null: against nothing (everything added).
 */
export function createReleaseDiffs(store: ReleaseStore) {
  const kept = new Map<string, Promise<ReleaseDiff>>();

  async function compute(from: number | null, to: number): Promise<ReleaseDiff> {
    const pause = slicer();
    const [later, earlier] = await Promise.all([store.get(to), from === null ? null : store.get(from)]);
    if (!later) throw notFound(`Release ${to} not found (or pruned)`);
    if (from !== null && !earlier) throw notFound(`Release ${from} not found (or pruned)`);
    const languages = [
      ...new Set([...later.languages, ...(earlier?.languages ?? [])].map((l) => l.languageId)),
    ].sort((a, b) => a - b);
    const diff = new DiffBuilder();
    for (const languageId of languages) {
      const before = from === null ? null : await storedBundle(store, from, languageId, pause);
      const after = await storedBundle(store, to, languageId, pause);
      await diff.add(before, after, pause);
    }
    return diff.result(from, to);
  }

  return {
    /** The diff of `to` against `from` (default: the release published before it). */
    async between(to: number, from: number | null | undefined): Promise<ReleaseDiff> {
      const against = from === undefined ? await store.numberBefore(to) : from;
      const key = `${against}>${to}`;
      let diff = kept.get(key);
      if (!diff) {
        diff = compute(against, to);
        keepBounded(kept, key, diff, KEPT);
        diff.catch(() => kept.delete(key));
      }
      return diff;
    },
  };
}
