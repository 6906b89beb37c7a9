import { MAX_SOLVABILITY_GROUPS } from '#shared/solvability-request.ts';
import { entityApi, errorMessage } from '../entity-api.ts';
import { toOption, type Option } from '../fields/references.ts';
import { optionText } from '../fields/option-text.ts';

/**
 * A level's letter groups (letter-group-levels) as the workbench's picker shows them: read with
 * the edit form (server-rendered), and linked through the normal API after a new level is saved.
 */

/** The letter groups linked to a level, in link order (the first MAX_SOLVABILITY_GROUPS). */
export async function loadLinkedGroups(levelId: number, context?: unknown): Promise<Option[]> {
  const links = await entityApi('letter-group-level', context).search({
    page: 1,
    size: MAX_SOLVABILITY_GROUPS,
    filters: { levelId: String(levelId) },
  });
  const ids = links.items.map((link) => Number(link.letterGroupId));
  if (ids.length === 0) return [];
  const groups = await entityApi('letter-group', context).search({ page: 1, size: ids.length, ids });
  const byId = new Map(groups.items.map((row) => [Number(row.id), toOption('letter-group', row)]));
  return ids.map((id) => byId.get(id) ?? { value: String(id), label: '' });
}

/** A link that could not be made, and why (the API's message). */
export interface LinkFailure {
  group: Option;
  message: string;
}

/**
 * Links each letter group to the level (POST letter-group-levels, audited like any create), one at
 * a time so each failure is known; the ones that failed are returned, to show and retry.
 */
export async function linkGroups(levelId: number, groups: readonly Option[]): Promise<LinkFailure[]> {
  const api = entityApi('letter-group-level');
  const failures: LinkFailure[] = [];
  for (const group of groups) {
    try {
      await api.create({ letterGroupId: Number(group.value), levelId });
    } catch (error) {
      failures.push({ group, message: errorMessage(error) });
    }
  }
  return failures;
}

/** 'Error: …' naming each link that failed and why. */
export function linkFailureText(levelId: number, failures: readonly LinkFailure[]): string {
  const each = failures.map((f) => `letter group ${optionText(f.group)}: ${f.message}`).join('; ');
  return `Error: level ${levelId} is saved, but ${failures.length === 1 ? 'this link' : `these ${failures.length} links`} failed — ${each}`;
}
