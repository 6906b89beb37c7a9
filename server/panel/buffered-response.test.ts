import { describe, expect, it } from 'vitest';
import { BufferedResponse } from './buffered-response.ts';

// What the API client reads of a fetch answer must read the same from the buffered one.
describe('BufferedResponse', () => {
  const bytes = Buffer.from(JSON.stringify({ message: 'Wörter — ok' }));
  const headers = { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'r1' };

  it('answers status, headers and body as a Fetch Response of the same bytes does', async () => {
    for (const status of [200, 201, 400, 401, 404, 502]) {
      const buffered = new BufferedResponse(status, headers, bytes);
      const real = new Response(new Uint8Array(bytes), { status, headers });
      expect([buffered.status, buffered.ok, buffered.statusText]).toEqual([
        real.status,
        real.ok,
        real.statusText,
      ]);
      expect([...buffered.headers]).toEqual([...real.headers]);
      expect(buffered.headers.get('X-Request-Id')).toBe('r1');
      expect(await buffered.text()).toBe(await real.text());
    }
    expect(await new BufferedResponse(200, headers, bytes).json()).toEqual({ message: 'Wörter — ok' });
    expect(await new BufferedResponse(204, {}, null).text()).toBe('');
  });

  it('reads its body once, as a stream when asked for one', async () => {
    const once = new BufferedResponse(200, headers, bytes);
    expect(once.bodyUsed).toBe(false);
    await once.text();
    expect(once.bodyUsed).toBe(true);
    await expect(once.text()).rejects.toThrow(TypeError);
    const streamed = new BufferedResponse(200, headers, bytes);
    expect(await new Response(streamed.body).text()).toBe(bytes.toString('utf8'));
    expect(new BufferedResponse(204, {}, null).body).toBeNull();
  });
});
