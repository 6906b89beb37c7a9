import type { Server } from 'node:http';
import express from 'express';
import { register } from 'prom-client';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { boundHeapGrowth } from './heap-growth.ts';
import { listener } from './listener.ts';
import { startupFailure } from './startup-errors.ts';

const SHUTDOWN_LIMIT_MS = 10_000;

/** Entry point: validate configuration, build the app, listen, and shut down gracefully. */
async function main() {
  // Everything the server writes (database, WAL, secrets, sessions) is for its own user only.
  process.umask(0o077);
  boundHeapGrowth();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const handle = await createApp(config).catch((error: unknown) => {
    const line = startupFailure(error, config);
    if (line === null) throw error;
    console.error(line);
    process.exit(1);
  });
  const server = listener(handle);
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    handle.logger.info(`Argus Words listening on http://${host}:${port}`);
  });

  // Metrics for a scraper on a private network, without a token (METRICS_PORT).
  let metricsServer: Server | null = null;
  if (config.metricsPort !== null) {
    const metrics = express();
    metrics.get('/metrics', async (_req, res) => {
      res.type(register.contentType).send(await register.metrics());
    });
    metricsServer = metrics.listen(config.metricsPort, config.host);
  }

  // Log lines are written asynchronously, so the process ends on its own once the last write is
  // out (pino's flush callback may come while a write is still in flight, and process.exit then
  // lost the last line). Whatever still holds the loop after a second (a stdout nobody reads, a
  // request past the shutdown limit) does not hold the exit.
  const exit = (code: number) => {
    process.exitCode = code;
    setTimeout(() => process.exit(code), 1000).unref();
  };
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    handle.logger.info(`${signal} received, shutting down`);
    // Stop accepting; requests in flight finish (a panel request's calls to the embedded API run
    // in process, within it).
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    // Keep-alive connections become idle as their last answer goes out: close them as they do.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    metricsServer?.close();
    setTimeout(() => {
      handle.logger.error(`shutdown took longer than ${SHUTDOWN_LIMIT_MS / 1000} s, forcing exit`);
      exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    drained
      .then(async () => {
        clearInterval(sweep);
        await handle.close();
        handle.logger.info('shut down cleanly');
        exit(0);
      })
      .catch((error: unknown) => {
        handle.logger.error({ err: error }, 'shutdown failed');
        exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
