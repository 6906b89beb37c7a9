import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Bundle } from '#shared/releases/bundle.ts';
import { bundleBytes, bundleJson, CHUNK_BYTES, chunksOf, parseBundle } from './bundle-bytes.ts';

const noPause = () => Promise.resolve();
async function* chunks(bytes: Buffer, size: number) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const text = fc.string({ unit: 'grapheme', maxLength: 12 });
const bundles = fc.record({
  format: fc.constant(1 as const),
  language: fc.record({ id: fc.integer({ min: 1, max: 99 }), name: text }),
  stages: fc.array(fc.record({ id: fc.nat(), number: fc.nat(), letterCount: fc.nat(), letters: text }), {
    maxLength: 3,
  }),
  levels: fc.array(
    fc.record({
      id: fc.nat(),
      number: fc.nat(),
      hint: fc.option(text, { nil: null }),
      assignment: text,
      time: fc.nat(),
      requiredLetterFlag: fc.boolean(),
      requiredLetter: text,
      requiredLetterPosition: fc.nat(),
      checkCondition: text,
      isChill: fc.boolean(),
      stageId: fc.nat(),
      letterGroups: fc.array(fc.record({ id: fc.nat(), used: fc.boolean() }), { maxLength: 3 }),
    }),
    { maxLength: 5 },
  ),
  letterGroups: fc.array(
    fc.record({
      id: fc.nat(),
      letters: text,
      stageId: fc.nat(),
      wordIds: fc.array(fc.nat(), { maxLength: 5 }),
    }),
    { maxLength: 5 },
  ),
  words: fc.array(fc.record({ id: fc.nat(), letters: text }), { maxLength: 30 }),
}) as fc.Arbitrary<Bundle>;

describe('bundle bytes', () => {
  it('are standard JSON of the bundle, read back the same in chunks of any size', async () => {
    await fc.assert(
      fc.asyncProperty(bundles, fc.integer({ min: 1, max: 64 }), async (bundle, size) => {
        const { bytes, hash } = await bundleJson(bundle, noPause);
        expect(hash).toBe(createHash('sha256').update(bytes).digest('base64url'));
        expect(JSON.parse(bytes.toString('utf8'))).toEqual(bundle);
        expect(await parseBundle(chunks(bytes, size), noPause)).toEqual(bundle);
      }),
      { numRuns: 200 },
    );
  });

  it('compress once both ways to the same bytes, hashed as their ETag', async () => {
    const bundle = fc.sample(bundles, { numRuns: 1, seed: 7 })[0]!;
    const made = await bundleBytes(bundle, noPause);
    expect(gunzipSync(made.gzip).equals(made.identity)).toBe(true);
    expect(brotliDecompressSync(made.br).equals(made.identity)).toBe(true);
    expect(made.hash).toBe(createHash('sha256').update(made.identity).digest('base64url'));
  });

  it('are stored in chunks that add up to the whole', () => {
    const bytes = Buffer.alloc(CHUNK_BYTES * 2 + 5, 1);
    const parts = chunksOf(bytes);
    expect(parts.map((p) => p.length)).toEqual([CHUNK_BYTES, CHUNK_BYTES, 5]);
    expect(chunksOf(Buffer.alloc(0))).toHaveLength(1);
  });
});
