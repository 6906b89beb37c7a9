import accepts from 'accepts';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { capturedHeaders } from './header-template.ts';
import { pickEncoding } from './pick-encoding.ts';
import { securityHeaders } from './security.ts';

describe('the fast lane’s captured security headers', () => {
  it('are helmet’s, in its order, with the nonce put where helmet puts it', () => {
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp' });
    const headers = capturedHeaders(securityHeaders(config))('N0NCE');
    const names = headers.filter((_, i) => i % 2 === 0);
    expect(names[0]).toBe('Content-Security-Policy');
    expect(names).toContain('Strict-Transport-Security');
    expect(names).not.toContain('X-Powered-By');
    expect(headers[1]).toContain("script-src 'nonce-N0NCE' 'strict-dynamic'");
  });

  it('refuse a middleware that reads the request or does not pass it on', () => {
    expect(() => capturedHeaders((req, _res, next) => (req.url ? next() : next()))).toThrow(
      /read the request/,
    );
    expect(() => capturedHeaders(() => undefined)).toThrow(/did not pass/);
    expect(() =>
      capturedHeaders((_req, res, next) => {
        res.setHeader('X-Time', String(Math.random()));
        next();
      }),
    ).toThrow(/vary/);
  });
});

describe('pickEncoding', () => {
  it.each([
    undefined,
    '',
    'gzip, deflate, br',
    'br;q=0.5, gzip',
    'deflate',
    'identity;q=0',
    '*',
    'gzip;q=0, *;q=0.1',
    'BR',
  ])('chooses as Express does for %j', (header) => {
    const request = { headers: header === undefined ? {} : { 'accept-encoding': header } } as IncomingMessage;
    const express = accepts(request).encodings(['br', 'gzip', 'identity']) || 'identity';
    expect(pickEncoding(header)).toBe(express);
    expect(pickEncoding(header)).toBe(express);
  });
});
