import { parentPort, workerData } from 'node:worker_threads';
import { createStaticHandler, type DataStrategyFunction } from 'react-router';
import { routes } from '#client/routes.tsx';
import type { PublicConfig } from '#shared/public-config.ts';
import { renderApp } from './render-app.tsx';
import type { RenderJob, RenderReply } from './render-thread.ts';

/**
 * The render thread (see render-thread.ts): the same route table and React as the main thread. A
 * job carries the loaders' data the main thread got, as the JSON the page hydrates from; the static
 * handler is queried with a data strategy that hands it back instead of running the loaders (lazy
 * route modules still load), so the context, and the markup, are the ones the main thread would
 * have rendered.
 */
const handler = createStaticHandler(routes);
const publicConfig = (workerData as { publicConfig: PublicConfig }).publicConfig;

async function render(job: RenderJob): Promise<string> {
  const loaderData = JSON.parse(job.loaderData) as Record<string, unknown>;
  const dataStrategy: DataStrategyFunction = async ({ matches }) => {
    const results = await Promise.all(matches.map((m) => m.resolve(async () => loaderData[m.route.id])));
    return Object.fromEntries(matches.map((m, i) => [m.route.id, results[i]!]));
  };
  const context = await handler.query(new Request(job.url), { dataStrategy });
  if (context instanceof Response) throw new Error(`the page answered ${context.status}`);
  const leaf = context.matches.at(-1)?.route.id;
  if (context.errors || leaf !== job.leaf) throw new Error(`the URL matched ${leaf}, not ${job.leaf}`);
  return renderApp(handler, publicConfig, context, job.nonce, true);
}

parentPort!.on('message', (job: RenderJob) => {
  render(job).then(
    (html) => parentPort!.postMessage({ id: job.id, html } satisfies RenderReply),
    (error: unknown) =>
      parentPort!.postMessage({
        id: job.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies RenderReply),
  );
});
