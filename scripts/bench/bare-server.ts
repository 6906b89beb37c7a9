import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * P1's floor, in a process of its own: a bare node:http server answering each path with the exact
 * status, headers and bytes the app answered (read once from the JSON file given), from memory.
 * Prints its port on stdout. Unknown paths get the recorded 404.
 */
interface Recorded {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const recorded = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, Recorded>;
const answers = new Map(
  Object.entries(recorded).map(([path, r]) => [path, { ...r, bytes: Buffer.from(r.body, 'base64') }]),
);
const notFound = [...answers.values()].find((a) => a.status === 404);

const server = createServer((req, res) => {
  const answer = answers.get(req.url ?? '/') ?? notFound;
  if (!answer) {
    res.writeHead(500).end();
    return;
  }
  res.writeHead(answer.status, { ...answer.headers, 'content-length': answer.bytes.length });
  res.end(answer.bytes);
});
server.keepAliveTimeout = 5_000;
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.address() as { port: number }).port }));
});
