import type { Bundle, BundleLetterGroup, BundleLevel, BundleStage } from './bundle.ts';
import type { DiffRow, ReleaseDiff, TableCounts } from './api.ts';
import { DIFF_ROWS_PER_TABLE, DIFF_TABLES, type DiffTable } from './tables.ts';

type Fields = NonNullable<DiffRow['fields']>;
type Pause = () => Promise<void>;
const noPause: Pause = () => Promise.resolve();

/** `pause` every 256th call: a pause is a turn of the promise queue even when it does not yield. */
function every256(pause: Pause): Pause {
  let calls = 0;
  return () => ((++calls & 255) === 0 ? pause() : Promise.resolve());
}
type Action = DiffRow['action'];

const LEVEL_FIELDS = [
  'number',
  'hint',
  'assignment',
  'time',
  'requiredLetterFlag',
  'requiredLetter',
  'requiredLetterPosition',
  'checkCondition',
  'isChill',
] as const;

/** Rows by id, built with pauses (a language has 100,000 words). */
async function byId<T extends { id: number }>(rows: readonly T[], pause: () => Promise<void>) {
  const map = new Map<number, T>();
  for (const row of rows) {
    map.set(row.id, row);
    await pause();
  }
  return map;
}

/** The fields of `names` whose values differ, from → to. */
function changed<T>(before: T, after: T, names: ReadonlyArray<keyof T & string>): Fields {
  const fields: Fields = {};
  for (const name of names) {
    if (JSON.stringify(before[name]) !== JSON.stringify(after[name]))
      fields[name] = { from: before[name], to: after[name] };
  }
  return fields;
}

/** How a diff names rows: by what people see (numbers, letters), never by ids. */
function namer(stages: ReadonlyMap<number, BundleStage>) {
  const stage = (id: number) => {
    const found = stages.get(id);
    return found ? `stage ${found.number}` : 'a stage not in the release';
  };
  return {
    stage,
    level: (level: BundleLevel) => `level ${level.number} of ${stage(level.stageId)}`,
    group: (group: BundleLetterGroup) => `"${group.letters}" (${stage(group.stageId)})`,
  };
}

/**
 * What changed between releases (or the draft), table by table: counts of rows added, removed and
 * changed, and the rows themselves with their changed fields, named as people know them. Fed one
 * language at a time (`add`), so only two bundles are held at once. A link (a level's letter group,
 * a letter group's word) is listed only when both of its rows are in both releases: a word removed
 * takes its links with it, and the diff says so once, as the word.
 */
export class DiffBuilder {
  private readonly counts = Object.fromEntries(
    DIFF_TABLES.map((table) => [table, { added: 0, removed: 0, changed: 0 }]),
  ) as Record<DiffTable, TableCounts>;
  private readonly rows: DiffRow[] = [];
  private truncated = 0;
  /** Stages are every language's: each counted once, whichever languages show it. */
  private readonly stagesSeen = new Set<string>();

  /**
   * `pause` is awaited between rows (a server's slicer yields to the event loop when its slice is
   * up): a language of 100,000 words and a million links is compared without holding the loop.
   */
  async add(before: Bundle | null, after: Bundle | null, slicer: Pause = noPause): Promise<void> {
    const pause = every256(slicer);
    const language = (after ?? before)?.language.name ?? null;
    const listed = new Map<DiffTable, number>();
    const note = (table: DiffTable, action: Action, name: string, fields?: Fields, lang = language) => {
      this.counts[table][action] += 1;
      const count = listed.get(table) ?? 0;
      listed.set(table, count + 1);
      if (count >= DIFF_ROWS_PER_TABLE) this.truncated += 1;
      else this.rows.push({ table, action, language: lang, name, ...(fields ? { fields } : {}) });
    };
    const old = {
      stages: await byId(before?.stages ?? [], pause),
      levels: await byId(before?.levels ?? [], pause),
      groups: await byId(before?.letterGroups ?? [], pause),
      words: await byId(before?.words ?? [], pause),
    };
    const now = {
      stages: await byId(after?.stages ?? [], pause),
      levels: await byId(after?.levels ?? [], pause),
      groups: await byId(after?.letterGroups ?? [], pause),
      words: await byId(after?.words ?? [], pause),
    };
    const oldName = namer(old.stages);
    const newName = namer(now.stages);

    await this.rowsOf(
      old.stages,
      now.stages,
      (action, row, fields) => {
        const key = `${action}:${row.id}:${JSON.stringify(fields ?? null)}`;
        if (this.stagesSeen.has(key)) return;
        this.stagesSeen.add(key);
        note('stages', action, `stage ${row.number}`, fields, null);
      },
      (x, y) => changed(x, y, ['number', 'letterCount', 'letters']),
      pause,
    );
    await this.rowsOf(
      old.levels,
      now.levels,
      (action, row, fields) =>
        note('levels', action, (action === 'removed' ? oldName : newName).level(row), fields),
      (x, y) => {
        const fields = changed(x, y, LEVEL_FIELDS);
        if (x.stageId !== y.stageId)
          fields.stage = { from: oldName.stage(x.stageId), to: newName.stage(y.stageId) };
        return fields;
      },
      pause,
    );
    await this.rowsOf(
      old.groups,
      now.groups,
      (action, row, fields) =>
        note('letterGroups', action, (action === 'removed' ? oldName : newName).group(row), fields),
      (x, y) => {
        const fields = changed(x, y, ['letters']);
        if (x.stageId !== y.stageId)
          fields.stage = { from: oldName.stage(x.stageId), to: newName.stage(y.stageId) };
        return fields;
      },
      pause,
    );
    await this.rowsOf(
      old.words,
      now.words,
      (action, row, fields) => note('words', action, `"${row.letters}"`, fields),
      (x, y) => changed(x, y, ['letters']),
      pause,
    );

    // Links whose two rows are in both releases.
    for (const [id, level] of now.levels) {
      await pause();
      const was = old.levels.get(id);
      if (!was) continue;
      const before = new Map(was.letterGroups.map((link) => [link.id, link]));
      const after = new Map(level.letterGroups.map((link) => [link.id, link]));
      const name = (groupId: number) => {
        const group = now.groups.get(groupId) ?? old.groups.get(groupId);
        return `${newName.level(level)} ↔ ${group ? `"${group.letters}"` : 'a letter group'}`;
      };
      const both = (groupId: number) => old.groups.has(groupId) && now.groups.has(groupId);
      for (const [groupId, link] of after) {
        const prior = before.get(groupId);
        if (!prior) {
          if (both(groupId)) note('levelLetterGroups', 'added', name(groupId));
        } else if (prior.used !== link.used)
          note('levelLetterGroups', 'changed', name(groupId), { used: { from: prior.used, to: link.used } });
      }
      for (const groupId of before.keys())
        if (!after.has(groupId) && both(groupId)) note('levelLetterGroups', 'removed', name(groupId));
    }
    for (const [id, group] of now.groups) {
      await pause();
      const was = old.groups.get(id);
      if (!was) continue;
      const before = new Set(was.wordIds);
      const after = new Set(group.wordIds);
      const name = (wordId: number) =>
        `"${group.letters}" ↔ "${(now.words.get(wordId) ?? old.words.get(wordId))!.letters}"`;
      const both = (wordId: number) => old.words.has(wordId) && now.words.has(wordId);
      for (const wordId of group.wordIds)
        if (!before.has(wordId) && both(wordId)) note('letterGroupWords', 'added', name(wordId));
      for (const wordId of was.wordIds)
        if (!after.has(wordId) && both(wordId)) note('letterGroupWords', 'removed', name(wordId));
    }
  }

  /** Rows only in `after` (added), only in `before` (removed), in both with changed fields. */
  private async rowsOf<T extends { id: number }>(
    before: ReadonlyMap<number, T>,
    after: ReadonlyMap<number, T>,
    note: (action: Action, row: T, fields?: Fields) => void,
    compare: (before: T, after: T) => Fields,
    pause: Pause,
  ): Promise<void> {
    for (const [id, row] of after) {
      await pause();
      const was = before.get(id);
      if (!was) note('added', row);
      else {
        const fields = compare(was, row);
        if (Object.keys(fields).length > 0) note('changed', row, fields);
      }
    }
    for (const [id, row] of before) {
      await pause();
      if (!after.has(id)) note('removed', row);
    }
  }

  result(from: number | null, to: number | 'draft'): ReleaseDiff {
    const changes = Object.values(this.counts).reduce((sum, c) => sum + c.added + c.removed + c.changed, 0);
    return { from, to, tables: this.counts, rows: this.rows, truncated: this.truncated, changes };
  }
}

/** "2 added, 1 changed": a table's counts in words (nothing: "no change"). */
export function countsText(counts: TableCounts): string {
  const parts = (['added', 'removed', 'changed'] as const)
    .filter((action) => counts[action] > 0)
    .map((action) => `${counts[action]} ${action}`);
  return parts.length > 0 ? parts.join(', ') : 'no change';
}
