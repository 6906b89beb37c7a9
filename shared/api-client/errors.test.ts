import { describe, expect, it } from 'vitest';
import { errorFromAnswer, errorFromResponse } from './errors.ts';

const ID = '0b0e6f0e-6a5c-4b8e-9d51-3f6a0c2a9e11';

describe('the request id of a failed call', () => {
  it("is the body's (the request a proxy relayed), else the answer's X-Request-Id", () => {
    const relayed = errorFromResponse(
      new Response(null, { status: 502, headers: { 'X-Request-Id': 'proxy-own' } }),
      JSON.stringify({ message: 'The content API is unavailable.', requestId: ID }),
    );
    expect(relayed.requestId).toBe(ID);
    const direct = errorFromResponse(
      new Response(null, { status: 500, headers: { 'X-Request-Id': ID } }),
      '',
    );
    expect(direct.requestId).toBe(ID);
  });

  it('is left out when absent or not a plain id', () => {
    expect(errorFromResponse(new Response(null, { status: 404 }), '{"message":"Not found."}').requestId).toBe(
      undefined,
    );
    const odd = errorFromResponse(
      new Response(null, { status: 500 }),
      JSON.stringify({ requestId: '<script>' }),
    );
    expect(odd.requestId).toBe(undefined);
  });
});

describe('an answer handed over as a value (the panel loaders, in process)', () => {
  it('fails as the same answer read from its text would', () => {
    const body = {
      message: 'Invalid request body',
      fieldErrors: { language: ['Required'] },
      requestId: ID,
    };
    const headers = new Headers({ 'Retry-After': '3' });
    for (const status of [400, 429]) {
      const fromValue = errorFromAnswer({ status, headers, body });
      const fromText = errorFromResponse(new Response(null, { status, headers }), JSON.stringify(body));
      expect({ ...fromValue, message: fromValue.message }).toEqual({
        ...fromText,
        message: fromText.message,
      });
    }
    // Without a message, the value is quoted as the JSON a browser would have read.
    expect(errorFromAnswer({ status: 409, headers, body: { reason: 'stale' } }).message).toBe(
      '{"reason":"stale"}',
    );
  });
});
