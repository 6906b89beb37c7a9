import type { AnyEntity, EntityName } from '#shared/entities/index.ts';

/**
 * The subject of SPEC §8's success messages, spelled exactly as the catalogue spells it ('Letter
 * group' but 'Letter Group-Level'). The user-level list shows no success message at all.
 */
const SUBJECTS: Partial<Record<EntityName, string>> = {
  level: 'Level',
  user: 'User',
  language: 'Language',
  'letter-group': 'Letter group',
  'letter-group-level': 'Letter Group-Level',
  'letter-group-word': 'Letter Group-Word',
  stage: 'Stage',
  word: 'Word',
};

export type Outcome = 'created' | 'updated' | 'deleted';

/** 'Language created successfully', … or null where the spec shows none. */
export function successMessage(name: EntityName, outcome: Outcome): string | null {
  const subject = SUBJECTS[name];
  return subject ? `${subject} ${outcome} successfully` : null;
}

/** 'Failed to add language. Please try again.' (SPEC §8), the same wording for every entity. */
export function saveFailedMessage(entity: AnyEntity, mode: 'add' | 'edit'): string {
  return `Failed to ${mode === 'add' ? 'add' : 'update'} ${entity.label.toLowerCase()}. Please try again.`;
}

/** 'Error loading user: {error}' (SPEC §2), in place of the form. */
export function loadFailedMessage(entity: AnyEntity, error: string): string {
  return `Error loading ${entity.label.toLowerCase()}: ${error}`;
}
