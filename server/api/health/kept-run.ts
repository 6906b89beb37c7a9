/** How long a request waits for a new run before answering with the previous value (marked stale). */
export const FINDINGS_WAIT_MS = 3000;

export interface Kept<T> {
  /** When the value was computed; `stale` when the version moved since and a new run is under way. */
  computedAt: string;
  stale: boolean;
  value: T;
}

/**
 * A value computed in the background and kept until its `version` changes (the home's findings).
 * A request after a change waits up to FINDINGS_WAIT_MS for the new run (small data sets: always
 * enough), else gets the previous value marked stale while the run goes on (at once, when the last
 * run outlasted the wait). Runs never overlap. With `minIntervalMs`, a new run starts no sooner
 * than that after the last one began: content that changes all the time (players' results) is
 * recomputed at that pace, not at every request.
 */
export function keptUntilChanged<T>(
  compute: () => Promise<T>,
  clock: () => number,
  options: { minIntervalMs?: number } = {},
) {
  let current: { version: string; computedAt: string; startedAt: number; value: T } | null = null;
  let running: { version: string; done: Promise<void> } | null = null;
  /** How long the last run took: when runs outlast the wait, waiting only delays the answer. */
  let lastRunMs: number | null = null;

  async function run(version: string): Promise<void> {
    const started = performance.now();
    const startedAt = clock();
    const value = await compute();
    current = { version, computedAt: new Date(clock()).toISOString(), startedAt, value };
    lastRunMs = performance.now() - started;
  }

  function start(version: string): Promise<void> {
    const previous = running?.done.catch(() => undefined) ?? Promise.resolve();
    const done = previous.then(() => (current?.version === version ? undefined : run(version)));
    const entry = { version, done };
    running = entry;
    void done
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        if (running === entry) running = null;
      });
    return done;
  }

  const answer = (version: string): Kept<T> | null =>
    current && { computedAt: current.computedAt, stale: current.version !== version, value: current.value };

  return async function kept(version: string): Promise<Kept<T> | null> {
    if (current?.version === version) return answer(version);
    const tooSoon =
      current !== null &&
      options.minIntervalMs !== undefined &&
      clock() - current.startedAt < options.minIntervalMs;
    if (tooSoon && running === null) return answer(version);
    const done = running?.version === version || (tooSoon && running) ? running!.done : start(version);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => {
      const longRuns = current !== null && lastRunMs !== null && lastRunMs > FINDINGS_WAIT_MS;
      timer = setTimeout(resolve, longRuns ? 0 : FINDINGS_WAIT_MS);
    });
    try {
      await Promise.race([done, waited]);
    } finally {
      clearTimeout(timer);
    }
    return answer(version);
  };
}
