import { readFileSync } from 'node:fs';
import express from 'express';

/**
 * P13's reference floor of the framework: a minimal Express app (one route per recorded path, no
 * middleware) answering the exact status, headers and bytes the app answered (read once from the
 * JSON file given), from memory. What Express itself costs against bare node:http in the same run,
 * so a ratio of the app's can be read against what any Express route could reach. Prints its port.
 */
interface Recorded {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const recorded = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, Recorded>;
const app = express();
app.disable('x-powered-by');
app.set('etag', false);
for (const [path, r] of Object.entries(recorded)) {
  const bytes = Buffer.from(r.body, 'base64');
  app.get(path, (_req, res) => {
    res.writeHead(r.status, { ...r.headers, 'content-length': bytes.length });
    res.end(bytes);
  });
}
const server = app.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.address() as { port: number }).port }));
});
server.keepAliveTimeout = 5_000;
