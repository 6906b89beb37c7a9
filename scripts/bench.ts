import { report, type BenchResult } from './bench/harness.ts';
import { linksBench } from './bench/links.ts';
import { publicPagesBench } from './bench/public-pages.ts';

/** `npm run bench`: every benchmark against its same-run baseline; exits 1 when a target is missed. */
const results = [await publicPagesBench(), await linksBench()].filter((r): r is BenchResult => r !== null);
process.exitCode = report(results) ? 0 : 1;
