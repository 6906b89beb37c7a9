import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { StaticHandlerContext } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderThreads } from './render-thread.ts';

const publicConfig = {
  contactEmail: 'contact@example.com',
  feedbackFormUrl: null,
  social: { facebook: 'https://f.example', instagram: 'https://i.example', x: 'https://x.example' },
  baseUrl: 'http://localhost',
};

// A real worker thread that renders its first page and then dies, as a crashed render would.
const dir = mkdtempSync(path.join(tmpdir(), 'argus-render-thread-'));
const script = path.join(dir, 'dies-on-second-page.mjs');
writeFileSync(
  script,
  `import { parentPort } from 'node:worker_threads';
let pages = 0;
parentPort.on('message', (job) => {
  if (++pages > 1) process.exit(3);
  parentPort.postMessage({ id: job.id, html: '<p>' + job.url + ' ' + job.loaderData + '</p>' });
});`,
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const page = (loaderData: Record<string, unknown>) =>
  ({
    matches: [{ route: { id: 'leaf' } }],
    loaderData,
    errors: null,
    actionData: null,
  }) as unknown as StaticHandlerContext;

describe('render threads', () => {
  it('hands a page to the main thread while its thread is down, and restarts it after a pause', async () => {
    const failures: string[] = [];
    const where: string[] = [];
    const threads = createRenderThreads({
      threads: 1,
      publicConfig,
      script: pathToFileURL(script),
      restartAfterMs: 300,
      onFailure: (error) => failures.push(error.message),
      counted: (on) => where.push(on),
    });
    try {
      expect(await threads.render('http://localhost/a', page({ leaf: 1 }), 'n')).toBe(
        '<p>http://localhost/a {"leaf":1}</p>',
      );
      // The thread dies on this page: the caller is told to render it itself, and the log says so.
      expect(await threads.render('http://localhost/b', page({ leaf: 2 }), 'n')).toBeNull();
      expect(failures).toEqual(['the render thread exited with code 3']);
      // No thread during the pause: rendered on the main thread at once, no thread started.
      expect(threads.render('http://localhost/c', page({ leaf: 3 }), 'n')).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect(await threads.render('http://localhost/d', page({ leaf: 4 }), 'n')).toBe(
        '<p>http://localhost/d {"leaf":4}</p>',
      );
      expect(where).toEqual(['thread', 'main', 'main', 'thread']);
    } finally {
      await threads.close();
    }
  });

  it('keeps on the main thread what JSON cannot carry, and pages whose loaders failed', async () => {
    const threads = createRenderThreads({
      threads: 1,
      publicConfig,
      script: pathToFileURL(script),
      onFailure: () => {},
    });
    try {
      const cycle: Record<string, unknown> = {};
      cycle.self = cycle;
      expect(threads.render('http://localhost/a', page({ leaf: cycle }), 'n')).toBeNull();
      const failed = { ...page({}), errors: { leaf: new Error('no') } } as StaticHandlerContext;
      expect(threads.render('http://localhost/a', failed, 'n')).toBeNull();
    } finally {
      await threads.close();
    }
  });
});
