/**
 * Tiny benchmark harness: each benchmark measures a candidate against a baseline in the same run
 * and states its target as a ratio (baseline time / candidate time), never as absolute time.
 */
export interface BenchResult {
  name: string;
  baseline: { label: string; msPerOp: number };
  candidate: { label: string; msPerOp: number };
  /** Minimum speed-up of candidate over baseline that counts as passing. */
  target: number;
}

/** Runs `fn` for a warm-up, then `iterations` times; answers milliseconds per operation (median of 5 rounds). */
export async function measure(fn: () => unknown, iterations: number): Promise<number> {
  for (let i = 0; i < Math.max(3, iterations / 10); i++) await fn();
  const rounds: number[] = [];
  for (let round = 0; round < 5; round++) {
    const start = performance.now();
    for (let i = 0; i < iterations; i++) await fn();
    rounds.push((performance.now() - start) / iterations);
  }
  return rounds.sort((a, b) => a - b)[2]!;
}

export function report(results: BenchResult[]): boolean {
  let ok = true;
  for (const r of results) {
    const ratio = r.baseline.msPerOp / r.candidate.msPerOp;
    const pass = ratio >= r.target;
    ok &&= pass;
    console.log(
      `${pass ? 'PASS' : 'FAIL'}  ${r.name}: ${r.candidate.label} ${r.candidate.msPerOp.toFixed(3)} ms/op vs ` +
        `${r.baseline.label} ${r.baseline.msPerOp.toFixed(3)} ms/op = ${ratio.toFixed(1)}× (target ≥ ${r.target}×)`,
    );
  }
  return ok;
}
