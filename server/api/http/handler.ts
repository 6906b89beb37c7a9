import type { Request, RequestHandler, Response } from 'express';

/** An async route body as a handler: Express 5 passes its rejection on to the error handler. */
export const handler =
  (work: (req: Request, res: Response) => Promise<unknown>): RequestHandler =>
  async (req, res) => {
    await work(req, res);
  };
