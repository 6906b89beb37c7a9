import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listener } from './listener.ts';

describe('the public listener', () => {
  it("serves the app's handler and nothing else: what the suites drive is what production serves", () => {
    const handler = () => undefined;
    expect(listener({ handler }).listeners('request')).toEqual([handler]);
  });

  it('is what server/index.ts listens with', () => {
    const entry = readFileSync(new URL('./index.ts', import.meta.url), 'utf8');
    expect(entry).toContain('listener(handle)');
    // The metrics port is the one other server (express().listen), for /metrics alone.
    expect(entry).not.toMatch(/createServer\(/);
  });
});
