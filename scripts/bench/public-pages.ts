import { Agent, request } from 'undici';
import { routes } from '../../client/routes.tsx';
import { manifestSource } from '../../server/ssr/assets.ts';
import { createPageRenderer } from '../../server/ssr/render.tsx';
import { startTestApp } from '../../tests/helpers/app.ts';
import { measure, type BenchResult } from './harness.ts';

/**
 * A public page served from the in-memory cache (full HTTP round trip, brotli) against rendering
 * the same page with React for every request (no HTTP at all): the cache must win by a wide margin.
 */
export async function publicPagesBench(): Promise<BenchResult> {
  const app = await startTestApp({ NODE_ENV: 'production' });
  const url = await app.listen();
  const dispatcher = new Agent({ connections: 1 });
  const render = createPageRenderer({
    routes,
    publicConfig: app.config.public,
    assets: manifestSource(app.config.buildDir, true),
    isProduction: true,
  });
  try {
    const cached = await measure(async () => {
      const res = await request(`${url}/`, { dispatcher, headers: { 'accept-encoding': 'br' } });
      await res.body.arrayBuffer();
    }, 400);
    const rendered = await measure(() => render(new Request('http://localhost/'), 'bench-nonce'), 400);
    return {
      name: 'landing page',
      baseline: { label: 'React render per request', msPerOp: rendered },
      candidate: { label: 'served from memory over HTTP', msPerOp: cached },
      target: 1.5,
    };
  } finally {
    await dispatcher.close();
    await app.stop();
  }
}
