import { describe, expect, it } from 'vitest';
import type { HealthReport } from '#shared/health-report.ts';
import type { PlacedFinding } from '#shared/difficulty.ts';
import { attentionOf, type AttentionSource } from './attention.ts';

const report = (over: Partial<HealthReport> = {}): HealthReport => ({
  generatedAt: '2026-11-28T10:00:00.000Z',
  counts: { tables: {}, byLanguageStage: [], wordsByLanguage: [] },
  findings: { computedAt: '2026-11-28T10:00:00.000Z', stale: false, kinds: [] },
  difficulty: { computedAt: '2026-11-28T10:00:00.000Z', stale: false, findings: [] },
  activity: [],
  editsPerDay: [],
  ...over,
});

const kind = (count: number) => ({ kind: 'duplicate-word' as const, count, samples: [] });
const finding = (levelId: number, kind: PlacedFinding['kind']) =>
  ({ levelId, languageId: 1, kind }) as PlacedFinding;

describe('what needs the manager’s attention', () => {
  it('nothing when there are no findings in the content or in players’ results', () => {
    expect(attentionOf(report())).toEqual({ items: [], pending: [] });
  });

  it('the content findings, counted over every kind, linking to the home’s findings', () => {
    const findings = {
      computedAt: '',
      stale: false,
      kinds: [kind(2), { ...kind(1), kind: 'empty-letter-group' as const }],
    };
    expect(attentionOf(report({ findings })).items).toEqual([
      { key: 'findings', text: '3 content findings', to: '#findings' },
    ]);
  });

  it('the levels players’ results single out, each level once whatever its findings', () => {
    const difficulty = {
      computedAt: '',
      stale: false,
      findings: [finding(7, 'harder'), finding(7, 'drop-off'), finding(9, 'easier')],
    };
    expect(attentionOf(report({ difficulty })).items).toEqual([
      { key: 'difficulty', text: '2 levels stand out in players’ results', to: '#difficulty-findings' },
    ]);
    const one = { ...difficulty, findings: [finding(7, 'harder')] };
    expect(attentionOf(report({ difficulty: one })).items[0]?.text).toBe(
      '1 level stands out in players’ results',
    );
  });

  it('says what is still being worked out, and leaves out what the API does not compute', () => {
    expect(attentionOf(report({ findings: null, difficulty: undefined }))).toEqual({
      items: [],
      pending: ['the content checks'],
    });
  });

  it('a new kind is one more source', () => {
    const unreleased: AttentionSource = {
      key: 'unreleased',
      count: () => 12,
      text: (n) => `${n} changes not yet released`,
      to: '/argusma-words-panel/releases',
      pending: 'the draft',
    };
    expect(attentionOf(report(), [unreleased]).items).toEqual([
      { key: 'unreleased', text: '12 changes not yet released', to: '/argusma-words-panel/releases' },
    ]);
  });
});
