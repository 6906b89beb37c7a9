import { run } from './main.ts';

/** The compiled CLI's entry (build/cli/run.js, see scripts/build-cli.ts and cli/bin.js). */
process.exitCode = await run(process.argv);
