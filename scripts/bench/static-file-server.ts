import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * P13's floor for a full bundle, in a process of its own: a static file server — every request
 * answered with the file given (a bundle's gzip bytes, written by the bench), streamed from disk
 * as such a server does, with its length and encoding. Prints its port on stdout.
 */
const file = process.argv[2]!;
const size = statSync(file).size;

const server = createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-encoding': 'gzip',
    'content-length': size,
    'cache-control': 'public, max-age=31536000, immutable',
  });
  createReadStream(file).pipe(res);
});
server.keepAliveTimeout = 5_000;
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.address() as { port: number }).port }));
});
