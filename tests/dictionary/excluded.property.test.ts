import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startApi, type ApiHarness } from '../api/harness.ts';

type Step =
  | { kind: 'exclude' | 'accept' | 'withdraw'; word: number }
  | { kind: 'activate'; word: number }
  | { kind: 'link' | 'bulk-link'; word: number; group: number };

const WORDS = ['alpha', 'bravo', 'charlie', 'delta'];
const GROUPS = ['abc', 'def', 'ghi'];

/**
 * Issue 46's promise as a property, against the database on both dialects: whatever decisions,
 * activations and links come in whatever order, an excluded word is never active and no link to it
 * is made while it is excluded; every write refused for it names the decision.
 */
describe.each(DIALECTS)('an excluded word stays excluded (%s)', (dialect) => {
  let api: ApiHarness;
  const words: number[] = [];
  const groups: number[] = [];
  let language = 0;

  beforeAll(async () => {
    api = await startApi(dialect);
    language = (await api.post('languages/cms', { language: 'English' })).body.id as number;
    const stage = (await api.post('stages/cms', { letterCount: 3, number: 1 })).body.id as number;
    for (const letters of WORDS)
      words.push((await api.post('words/cms', { letters, languageId: language })).body.id);
    for (const letters of GROUPS)
      groups.push(
        (await api.post('letter-groups/cms', { letters, languageId: language, stageId: stage })).body.id,
      );
  });
  afterAll(async () => api?.close());

  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({
      kind: fc.constantFrom('exclude', 'accept', 'withdraw', 'activate'),
      word: fc.nat(WORDS.length - 1),
    }),
    fc.record({
      kind: fc.constantFrom('link', 'bulk-link'),
      word: fc.nat(WORDS.length - 1),
      group: fc.nat(GROUPS.length - 1),
    }),
  ) as fc.Arbitrary<Step>;

  it('never active, never newly linked, every refusal naming the decision', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const s of steps) {
          const id = words[s.word]!;
          const before = (await api.get(`words/cms/${id}`)).body as {
            decision: string | null;
            letters: string;
          };
          const excluded = before.decision === 'excluded';
          const linksBefore = await linkCount(id);
          let status = 200;
          let message = '';
          if (s.kind === 'activate') {
            const res = await api.put(`words/cms/${id}`, { isActive: true });
            [status, message] = [res.status, res.body.message ?? ''];
          } else if (s.kind === 'link' || s.kind === 'bulk-link') {
            const row = { letterGroupId: groups[s.group]!, wordId: id };
            const res =
              s.kind === 'link'
                ? await api.post('letter-group-words/cms', row)
                : await api.post('letter-group-words/cms/bulk', { rows: [row] });
            const result = s.kind === 'bulk-link' ? res.body.results?.[0] : null;
            // A link that exists already (made before the exclusion) is `unchanged`: nothing new.
            status = result
              ? ({ created: 201, unchanged: 200, rejected: 409 } as Record<string, number>)[
                  String(result.status)
                ]!
              : res.status;
            message = result?.reason ?? res.body.message ?? '';
          } else {
            const decision = { exclude: 'excluded', accept: 'accepted', withdraw: null }[s.kind];
            const res = await api.post('words/cms/decisions', {
              languageId: language,
              words: [before.letters],
              decision,
              reason: 'a property test',
            });
            expect(res.status).toBe(200);
          }
          if (excluded && (s.kind === 'activate' || s.kind === 'link' || s.kind === 'bulk-link')) {
            expect(status).not.toBe(201);
            if (s.kind === 'activate' || status !== 200) {
              expect(status).toBe(409);
              expect(message).toMatch(/is excluded by a content manager's decision: a property test/);
            }
            expect(await linkCount(id)).toBe(linksBefore);
          }
          const after = (await api.get(`words/cms/${id}`)).body as {
            decision: string | null;
            isActive: boolean;
          };
          if (after.decision === 'excluded') expect(after.isActive).toBe(false);
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  async function linkCount(wordId: number): Promise<number> {
    const res = await api.get(`letter-group-words/cms/search/?wordId=${wordId}&size=1`);
    return res.body.totalElements as number;
  }
});
