import type { HealthReport } from '#shared/health-report.ts';

/**
 * One kind of thing that needs a manager's attention, summarised on the home's first line: how
 * many there are in the health report (null: still being worked out; undefined: this API does not
 * say), how to say that number, and where to look at them. A new kind (unreleased changes, flagged
 * words) is one more source in ATTENTION_SOURCES.
 */
export interface AttentionSource {
  key: string;
  count(report: HealthReport): number | null | undefined;
  text(count: number): string;
  /** A panel address, or `#id` of the part of the home that lists them. */
  to: string;
  /** What is still being worked out, when `count` is null ("the content checks"). */
  pending: string;
}

const fmt = (n: number) => n.toLocaleString('en');
const plural = (n: number, one: string, many: string) => `${fmt(n)} ${n === 1 ? one : many}`;

/** The ids of the home's parts that the sources link to. */
export const FINDINGS_ID = 'findings';
export const DIFFICULTY_FINDINGS_ID = 'difficulty-findings';

export const ATTENTION_SOURCES: AttentionSource[] = [
  {
    key: 'findings',
    count: (report) => report.findings?.kinds.reduce((sum, kind) => sum + kind.count, 0) ?? null,
    text: (n) => plural(n, 'content finding', 'content findings'),
    to: `#${FINDINGS_ID}`,
    pending: 'the content checks',
  },
  {
    key: 'difficulty',
    count: (report) => {
      if (!report.difficulty) return report.difficulty;
      return new Set(report.difficulty.findings.map((f) => `${f.languageId}-${f.levelId}`)).size;
    },
    text: (n) => `${plural(n, 'level stands', 'levels stand')} out in players’ results`,
    to: `#${DIFFICULTY_FINDINGS_ID}`,
    pending: 'players’ results',
  },
];

export interface AttentionItem {
  key: string;
  text: string;
  to: string;
}

export interface Attention {
  /** What needs looking at, in the sources' order. */
  items: AttentionItem[];
  /** What is still being worked out ("the content checks"). */
  pending: string[];
}

/** What the report says needs attention: the sources with something to show, and those not ready. */
export function attentionOf(
  report: HealthReport,
  sources: readonly AttentionSource[] = ATTENTION_SOURCES,
): Attention {
  const items: AttentionItem[] = [];
  const pending: string[] = [];
  for (const source of sources) {
    const count = source.count(report);
    if (count === null) pending.push(source.pending);
    else if (count !== undefined && count > 0)
      items.push({ key: source.key, text: source.text(count), to: source.to });
  }
  return { items, pending };
}
