import type { RequestHandler, Router } from 'express';
import { apiNotFound } from './errors.ts';

export type Method = 'get' | 'post' | 'put' | 'delete';
export type MethodTable = Partial<Record<Method, RequestHandler[]>>;

/**
 * Serves one path with the handlers of each allowed method; any other method is 405 with `Allow`
 * (Express answers HEAD with the GET handlers). A path with no method at all is 404.
 */
export function route(router: Router, path: string, table: MethodTable): void {
  const methods = Object.keys(table) as Method[];
  if (methods.length === 0) {
    router.all(path, apiNotFound);
    return;
  }
  const allow = [...methods, ...(table.get ? ['head'] : [])].map((m) => m.toUpperCase()).join(', ');
  const r = router.route(path);
  for (const method of methods) r[method](...table[method]!);
  r.all((req, res) => {
    res
      .set('Allow', allow)
      .status(405)
      .json({ message: `${req.method} is not allowed here; use ${allow}` });
  });
}
