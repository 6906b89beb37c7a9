import { parseCheckCondition, type CheckConditionPart } from '#shared/check-condition.ts';
import {
  groupSolvability,
  levelVerdict,
  type GroupSolvability,
  type LevelSolvability,
  type SolvabilityWord,
} from '#shared/solvability.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { activeWords, allGroups, allLevels, allLinks, groupWordIds } from './load-all.ts';
import type { StoredLevel } from './load.ts';
import { nextTurn } from '../next-turn.ts';

export type Verdicts = Map<number, LevelSolvability['verdict']>;

/** The longest the event loop is held between yields (other requests run in between). */
const SLICE_MS = 4;

/** A pause that yields to the event loop once the current slice has run SLICE_MS. */
export function slicer() {
  let started = performance.now();
  return async () => {
    if (performance.now() - started < SLICE_MS) return;
    await nextTurn();
    started = performance.now();
  };
}

type Group = { id: number; letters: string; isActive: boolean };

/**
 * Judges levels the way `levelSolvability` does (shared/solvability.ts), each letter group once
 * per distinct (language, condition, required letter position) of the levels linked to it, the
 * result shared by those levels. Feed it each linked group's words (`judge`, in any order, each
 * group once), then read the verdicts. The server's `solvable` filter and the release gate
 * (server/api/releases) both judge through it.
 */
export function createJudge(
  levels: readonly StoredLevel[],
  links: ReadonlyMap<number, number[]>,
  groups: ReadonlyMap<number, Group>,
) {
  // Letter group id → the levels linked to it (each judged with this group's words).
  const levelsOf = new Map<number, StoredLevel[]>();
  for (const level of levels) {
    for (const groupId of links.get(level.id) ?? []) {
      const list = levelsOf.get(groupId) ?? [];
      if (list.length === 0) levelsOf.set(groupId, list);
      list.push(level);
    }
  }
  const parsed = new Map<string, readonly CheckConditionPart[]>();
  const partsOf = (condition: string) => {
    let parts = parsed.get(condition);
    if (!parts) parsed.set(condition, (parts = parseCheckCondition(condition).parts));
    return parts;
  };
  // `groupId level-key` → the group's result for levels of that key.
  const results = new Map<string, GroupSolvability>();
  const keyOf = (groupId: number, level: StoredLevel) =>
    `${groupId} ${level.languageId} ${level.requiredLetterPosition} ${level.checkCondition}`;
  const judged = new Set<number>();
  const judge = (groupId: number, linked: readonly SolvabilityWord[]) => {
    judged.add(groupId);
    const group = groups.get(groupId);
    if (!group) return;
    for (const level of levelsOf.get(groupId) ?? []) {
      const key = keyOf(groupId, level);
      if (results.has(key)) continue;
      const { result } = groupSolvability(level, partsOf(level.checkCondition), { ...group, words: linked });
      results.set(key, result);
    }
  };
  return {
    /** The letter groups linked to some level that exist, ascending: the ones to judge. */
    linkedIds: () => [...levelsOf.keys()].filter((id) => groups.has(id)).sort((a, b) => a - b),
    judge,
    /** Every level's verdict (a linked group never judged counts as one without words). */
    async verdicts(pause: () => Promise<void>): Promise<Map<number, LevelSolvability>> {
      for (const groupId of levelsOf.keys()) if (!judged.has(groupId)) judge(groupId, []);
      const verdicts = new Map<number, LevelSolvability>();
      for (const level of levels) {
        const linked = (links.get(level.id) ?? []).flatMap((groupId) => {
          const result = groups.has(groupId) ? results.get(keyOf(groupId, level)) : undefined;
          return result ? [result] : [];
        });
        verdicts.set(level.id, { ...emptyAnswer, groups: linked, ...levelVerdict(linked) });
        await pause();
      }
      return verdicts;
    },
  };
}

const emptyAnswer: LevelSolvability = {
  verdict: 'unsolvable',
  reason: '',
  count: 0,
  sample: [],
  required: 0,
  unknown: [],
  groups: [],
};

/**
 * Every level's verdict, the same as `levelSolvability` gives each (shared/solvability.ts judges):
 * the tables read once each (load-all.ts), and each letter group judged once (createJudge).
 * Letter groups are judged a page at a time as their words arrive, so memory holds the words once
 * and each group's list only while it is judged.
 */
export async function computeAllVerdicts(database: DatabaseHandle): Promise<Verdicts> {
  const pause = slicer();
  const [levels, links, groups] = await Promise.all([
    allLevels(database),
    allLinks(database),
    allGroups(database),
  ]);
  await pause();
  const judging = createJudge(levels, links, groups);
  const linkedIds = judging.linkedIds();
  await pause();
  // The links' word ids are read (a few pages ahead) while the words are.
  const pages = groupWordIds(database, linkedIds);
  const words = await activeWords(database, pause);
  for await (const page of pages) {
    for (const [groupId, ids] of page) {
      const linked: SolvabilityWord[] = [];
      // The ids read digit by digit: millions of them, no string made for each.
      let id = 0;
      for (let i = 0; i <= ids.length; i++) {
        const code = i < ids.length ? ids.charCodeAt(i) : 44;
        if (code !== 44) id = id * 10 + code - 48;
        else {
          const word = words.get(id);
          if (word) linked.push(word);
          id = 0;
        }
      }
      judging.judge(groupId, linked);
      await pause();
    }
  }
  const verdicts: Verdicts = new Map();
  for (const [id, answer] of await judging.verdicts(pause)) verdicts.set(id, answer.verdict);
  return verdicts;
}
