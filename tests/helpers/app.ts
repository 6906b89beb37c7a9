import type { Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp, type AppDeps, type AppHandle } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { listener } from '../../server/listener.ts';

export interface TestApp extends AppHandle {
  config: Config;
  /** Base URL of the real server listening on a random port (after `listen()`). */
  url: string;
  listen(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The real app on an empty embedded database in a temp folder, no demo content, a fixed admin
 * password so nothing is printed. `env` overrides any variable; `deps` injects clock, routes, etc.
 */
export async function startTestApp(env: Record<string, string> = {}, deps: AppDeps = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'argus-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DEMO_CONTENT: 'false',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'correct-horse-battery-staple',
    ...env,
  });
  const handle = await createApp(config, deps);
  let server: Server | undefined;
  const app: TestApp = {
    ...handle,
    config,
    url: '',
    async listen() {
      server = listener(handle).listen(0, '127.0.0.1');
      await new Promise<void>((resolve) => server!.once('listening', () => resolve()));
      const address = server.address();
      app.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      return app.url;
    },
    async stop() {
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
      server?.closeAllConnections();
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return app;
}
