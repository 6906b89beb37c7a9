import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { openApiDocument } from '#server/api/openapi/document.ts';

/**
 * `npm run lint:openapi` (part of `npm run check`): the OpenAPI document the server serves, made
 * from its declarations as the server makes it, linted by Redocly CLI with the rules of
 * redocly.yaml. Any error fails; warnings are listed.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const redocly = join(root, 'node_modules', '.bin', 'redocly');

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer?: string }[];
}
interface Report {
  totals: { errors: number; warnings: number; ignored: number };
  problems: Problem[];
}

const dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
try {
  const file = join(dir, 'openapi.json');
  await writeFile(file, JSON.stringify(openApiDocument({ prefix: '/arguscreative/words' }), null, 2));
  const args = ['lint', file, '--config', join(root, 'redocly.yaml'), '--format', 'json'];
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  // Redocly exits 1 when it finds errors: the report on stdout says which, so read it either way.
  const { stdout, stderr } = await promisify(execFile)(redocly, args, { env, maxBuffer: 64 << 20 }).catch(
    (error: { stdout?: string; stderr?: string }) => ({
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  );
  let report: Report;
  try {
    report = JSON.parse(stdout) as Report;
  } catch {
    process.stderr.write(stderr);
    throw new Error('Redocly CLI gave no report (its output is above)');
  }
  for (const problem of report.problems) {
    const where = problem.location.map((l) => l.pointer).join(' ');
    console.log(
      `${problem.severity === 'error' ? 'error' : 'warning'} ${problem.ruleId}: ${problem.message} (${where})`,
    );
  }
  const { errors, warnings } = report.totals;
  console.log(`OpenAPI document: ${errors} error(s), ${warnings} warning(s) (Redocly, redocly.yaml)`);
  if (errors > 0) process.exitCode = 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
