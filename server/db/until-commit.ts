/** Adds `key` to `map`, dropping its oldest entry (Map order is insertion order) once it holds `max`. */
export function keepBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  if (!map.has(key) && map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/**
 * Answers valid while a change counter stands (SQLite's `data_version`, which moves whenever any
 * connection commits), at most `max` of them. An answer is kept under the counter read before it
 * was computed: a commit in between moves the counter on, so it is never reused with data it did
 * not see.
 */
export function untilCommit<V>(counter: () => string, max: number) {
  const kept = new Map<string, V>();
  let keptAt: string | null = null;
  return {
    /** The counter now; what was kept under an earlier one is forgotten. */
    now(): string {
      const at = counter();
      if (at !== keptAt) {
        kept.clear();
        keptAt = at;
      }
      return at;
    },
    get: (key: string): V | undefined => kept.get(key),
    /** Keeps `value`, computed after `now()` answered `at`, unless the counter has moved since. */
    keep(key: string, value: V, at: string): void {
      if (at === keptAt) keepBounded(kept, key, value, max);
    },
  };
}

/**
 * `counter`, read at most once per turn of the event loop (the next turn reads it again). For
 * read-only requests answered in bulk — the game's reads of releases —, where the counter's own
 * read (SQLite's data_version: a statement each time) would cost as much as the answer. Exact
 * enough: every request answered in one turn is concurrent with any commit made during it (their
 * answers leave together), and a commit made before the turn began is seen.
 */
export function perTurn(counter: () => string): () => string {
  let value: string | null = null;
  const forget = () => {
    value = null;
  };
  return () => {
    if (value === null) {
      value = counter();
      setImmediate(forget);
    }
    return value;
  };
}
