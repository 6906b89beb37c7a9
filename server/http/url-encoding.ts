import type { RequestHandler } from 'express';

/**
 * A path that is not valid percent-encoding (`/%E0%A4%A`) is the client's mistake: 400 here, once,
 * before any router (React Router would print a plain-text warning amid the JSON log lines).
 */
export const rejectMalformedPaths: RequestHandler = (req, res, next) => {
  try {
    decodeURIComponent(req.path);
    next();
  } catch {
    res.status(400);
    const message = 'The URL is not valid percent-encoding.';
    if (req.accepts(['html', 'json']) === 'json') res.json({ message });
    else res.type('text/plain').send(message);
  }
};
