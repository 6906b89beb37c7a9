import path from 'node:path';
import express, { type RequestHandler } from 'express';

/**
 * The one folder static files come from: the build's content-hashed assets, mounted at /assets.
 * A file's name changes whenever its content does, so it can be cached for a year.
 */
export function staticAssets(buildDir: string): RequestHandler {
  return express.static(path.join(buildDir, 'public', 'assets'), {
    dotfiles: 'ignore',
    index: false,
    redirect: false,
    fallthrough: true,
    immutable: true,
    maxAge: '365d',
  });
}
