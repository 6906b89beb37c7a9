import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what survived the last full collection, in percent
 * (the `--heap-growing-percent` flag; it is read at every collection, so setting it once the process
 * runs takes effect, and it applies to the read pool's workers too).
 *
 * Under load V8 picks a factor of up to 4: the old space grew to several times what was live,
 * mostly dead objects, before a full collection, and kept that size afterwards, so the resident
 * memory rose with every burst of load (P10's growth rule). At 100 (a factor of 2) it stays level
 * between repeats, for no CPU cost the benchmarks could tell from noise. Much lower settings make
 * full collections frequent enough to cost the panel pages CPU.
 */
const HEAP_GROWING_PERCENT = 100;

export function boundHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
