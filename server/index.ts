import { createServer } from 'node:http';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

/** Entry point: validate configuration, build the app, listen, and shut down gracefully. */
async function main() {
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

  const handle = await createApp(config);
  const server = createServer(handle.app);
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    handle.logger.info(`Argus Words listening on http://${host}:${port}`);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    handle.logger.info(`${signal} received, shutting down`);
    // Stop accepting; in-flight requests finish; idle keep-alive sockets are closed now.
    server.close(async () => {
      await handle.close();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => {
      handle.logger.error('shutdown timed out after 10 s, forcing exit');
      process.exit(1);
    }, 10_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
