import { spawn } from 'node:child_process';
import { watch } from './build.ts';

/** `npm run dev`: esbuild watches the client while tsx watches (and restarts) the server. */
const context = await watch();
const server = spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/index.ts'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' },
});

const stop = async () => {
  server.kill('SIGTERM');
  await context.dispose();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 0));
