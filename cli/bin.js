#!/usr/bin/env node
// Runs the TypeScript sources directly: the CLI needs no build step.
import { register } from 'tsx/esm/api';

register();
const { run } = await import('./main.ts');
process.exitCode = await run(process.argv);
