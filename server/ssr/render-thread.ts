import { Worker } from 'node:worker_threads';
import type { StaticHandlerContext } from 'react-router';
import type { PublicConfig } from '#shared/public-config.ts';

/** What the main thread sends a render thread: the page's URL and its loaders' data. */
export interface RenderJob {
  id: number;
  url: string;
  /** The route the main thread matched; the thread checks it matched the same. */
  leaf: string;
  /**
   * The loaders' data as JSON: the page hydrates from this very JSON, so the browser renders it
   * from the same values (and a string crosses to the thread cheaper than a structured clone).
   */
  loaderData: string;
  nonce: string;
}

export type RenderReply = { id: number; html: string } | { id: number; error: string };

export interface RenderThreads {
  /**
   * The markup of a page whose loaders ran here, rendered on a render thread; null when it must be
   * rendered on the main thread instead: no thread (one that failed restarts after a pause), too
   * many pages waiting, data JSON cannot carry, or a render that failed there (the main thread then
   * renders it again and shows the error as usual).
   */
  render(url: string, context: StaticHandlerContext, nonce: string): Promise<string | null> | null;
  close(): Promise<void>;
}

// A page waits behind at most this many others on one thread; past that the main thread renders it.
const MAX_WAITING = 8;
const RESTART_AFTER_MS = 5_000;
// A runaway render ends the thread (which restarts), not the server. A page's garbage is young and
// small: V8's default young generation only grew the server's resident memory (P10), for the same
// render times.
const HEAP_LIMIT_MB = 128;
const YOUNG_GENERATION_MB = 8;

// Bundled (build/server/index.js): the worker's bundle beside it. From source (tests, dev): under tsx.
const BUNDLED = import.meta.url.endsWith('.js');
const SCRIPT = new URL(BUNDLED ? './render-worker.js' : './render-worker-source.mjs', import.meta.url);

interface Lane {
  worker: Worker | null;
  diedAt: number;
  waiting: Map<number, (html: string | null) => void>;
}

/**
 * React's render of a panel page (a users list is 440 cells: a few milliseconds) on worker threads,
 * so the event loop goes on serving other requests meanwhile and a second core shares the work.
 * Loaders, session and headers stay on the main thread; see render-worker.tsx for why the markup
 * is the same.
 */
export function createRenderThreads(options: {
  threads: number;
  publicConfig: PublicConfig;
  onFailure(error: Error): void;
  /** Counts each page by where it was rendered. */
  counted?: (on: 'thread' | 'main') => void;
  /** The worker's script (a test gives one that fails) and the pause before a restart. */
  script?: URL;
  restartAfterMs?: number;
}): RenderThreads {
  const { counted = () => {}, script = SCRIPT, restartAfterMs = RESTART_AFTER_MS } = options;
  const lanes: Lane[] = Array.from({ length: options.threads }, () => ({
    worker: null,
    diedAt: -Infinity,
    waiting: new Map(),
  }));
  let nextId = 0;
  let closed = false;

  const settleAll = (lane: Lane) => {
    for (const resolve of lane.waiting.values()) resolve(null);
    lane.waiting.clear();
  };

  const start = (lane: Lane): Worker => {
    const worker = new Worker(script, {
      workerData: { publicConfig: options.publicConfig },
      resourceLimits: {
        maxOldGenerationSizeMb: HEAP_LIMIT_MB,
        maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
      },
    });
    worker.unref();
    worker.on('message', (reply: RenderReply) => {
      const resolve = lane.waiting.get(reply.id);
      lane.waiting.delete(reply.id);
      resolve?.('html' in reply ? reply.html : null);
    });
    const died = (error: Error) => {
      if (lane.worker !== worker) return;
      lane.worker = null;
      lane.diedAt = performance.now();
      settleAll(lane);
      if (!closed) options.onFailure(error);
    };
    worker.on('error', died);
    worker.on('exit', (code) => died(new Error(`the render thread exited with code ${code}`)));
    return worker;
  };

  const onThread = (url: string, context: StaticHandlerContext, nonce: string) => {
    if (closed || context.errors || context.actionData) return null;
    const lane = lanes.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a));
    if (lane.waiting.size >= MAX_WAITING) return null;
    if (!lane.worker && performance.now() - lane.diedAt < restartAfterMs) return null;
    let loaderData: string;
    try {
      loaderData = JSON.stringify(context.loaderData);
    } catch {
      return null; // data JSON cannot carry (a cycle, a BigInt): rendered here, as it always was
    }
    const worker = (lane.worker ??= start(lane));
    const id = nextId++;
    const job: RenderJob = { id, url, leaf: context.matches.at(-1)?.route.id ?? '', loaderData, nonce };
    worker.postMessage(job);
    return new Promise<string | null>((resolve) => lane.waiting.set(id, resolve));
  };

  return {
    render(url, context, nonce) {
      const html = onThread(url, context, nonce);
      if (!html) {
        counted('main');
        return null;
      }
      return html.then((done) => (counted(done === null ? 'main' : 'thread'), done));
    },
    async close() {
      closed = true;
      await Promise.all(
        lanes.map(async (lane) => {
          const worker = lane.worker;
          lane.worker = null;
          settleAll(lane);
          await worker?.terminate();
        }),
      );
    },
  };
}
