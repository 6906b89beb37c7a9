import { report } from './bench/harness.ts';
import { publicPagesBench } from './bench/public-pages.ts';

/** `npm run bench`: every benchmark against its same-run baseline; exits 1 when a target is missed. */
const results = [await publicPagesBench()];
process.exitCode = report(results) ? 0 : 1;
