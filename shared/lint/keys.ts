import { language, letterGroup, stage, type AnyEntity } from '../entities/index.ts';
import { naturalKeyOf } from '../entities/natural-key.ts';
import { groupLetters } from '../words.ts';
import { groupName } from '../solvability.ts';
import { namesOf } from './names.ts';
import type { LintContent, Problem } from './types.ts';

type Row = { id: number } & Record<string, unknown>;

/** Rows whose natural key (shared/entities, case-folded where it says so) an earlier row has. */
function duplicates<T extends Row>(entity: AnyEntity, rows: readonly T[]): Array<[row: T, first: T]> {
  const seen = new Map<string, T>();
  const found: Array<[T, T]> = [];
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    const key = naturalKeyOf(entity, row);
    if (key === null) continue;
    const first = seen.get(key);
    if (first) found.push([row, first]);
    else seen.set(key, row);
  }
  return found;
}

/**
 * What the database's unique rules cannot catch in rows stored before them (the server warns about
 * the same at start): stage numbers and language names (ignoring case) used twice, letter groups
 * that are one group once normalised; and letter groups whose number of letters differs from their
 * stage's letter count (the panel asks before saving one, the API allows it).
 */
export function lintKeys(content: Pick<LintContent, 'stages' | 'languages' | 'letterGroups'>): Problem[] {
  const problems: Problem[] = [];
  const names = namesOf(content);
  for (const [row, first] of duplicates(stage, content.stages)) {
    problems.push({
      kind: 'duplicate-key',
      entity: 'stage',
      id: row.id,
      message: `stage ${row.id} has number ${row.number}, like stage ${first.id}: stage numbers must be unique`,
    });
  }
  for (const [row, first] of duplicates(language, content.languages)) {
    problems.push({
      kind: 'duplicate-key',
      entity: 'language',
      id: row.id,
      message: `language ${row.id} "${row.language}" duplicates language ${first.id} "${first.language}" (names are compared ignoring case)`,
    });
  }
  const normalised = content.letterGroups.map((g) => ({ ...g, letters: groupLetters(g.letters).join('') }));
  for (const [row, first] of duplicates(letterGroup, normalised)) {
    problems.push({
      kind: 'duplicate-key',
      entity: 'letter-group',
      id: row.id,
      message: `${groupName(row)} duplicates ${groupName(first)} in ${names.language(row.languageId)}, ${names.stage(row.stageId)}`,
    });
  }

  const stages = new Map(content.stages.map((s) => [s.id, s]));
  for (const group of content.letterGroups.filter((g) => g.isActive)) {
    const own = stages.get(group.stageId);
    const count = groupLetters(group.letters).length;
    if (!own || count === own.letterCount) continue;
    problems.push({
      kind: 'letter-count-mismatch',
      entity: 'letter-group',
      id: group.id,
      message:
        `${groupName(group)} has ${count} ${count === 1 ? 'letter' : 'letters'}, ` +
        `but its stage ${own.number} has a letter count of ${own.letterCount}`,
    });
  }
  return problems;
}
