import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what survived the last full collection, in percent
 * (the `--heap-growing-percent` flag; it is read at every collection, so setting it once the process
 * runs takes effect, and it applies to the read pool's workers too).
 *
 * Under load V8 picks a factor of up to 4: with about 50 MB live, the old space grew to 140 MB of
 * mostly dead objects before a full collection, and kept that size afterwards, so the resident
 * memory rose with every burst (P10's mixed load: 255–290 MB, and more after P1–P5). At 100 (a
 * factor of 2) it stays at 207–218 MB with no growth between repeats. CPU time per request, medians
 * of three interleaved runs on a busy machine, without → with: the home page 116 → 136 µs (the
 * noisiest), API lists 1,027 → 999 µs, panel pages 8.1 → 8.3 ms. At 60 or below, full collections
 * came often enough to cost the panel pages 10–30 % more CPU.
 */
const HEAP_GROWING_PERCENT = 100;

export function boundHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
