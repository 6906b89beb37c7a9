import type { AnyEntity } from '#shared/entities/index.ts';
import { letterCountWarning } from '#shared/entities/messages.ts';
import { parseLetterGroup } from '#shared/words.ts';
import type { Option } from '../fields/references.ts';
import type { FormValues } from './form-values.ts';

/**
 * What a form asks the user to confirm before saving valid but unusual values: a letter group
 * whose number of letters differs from its stage's letter count (the API allows it, `argus-words
 * lint` lists it). Null when there is nothing to ask.
 */
export function formWarning(
  entity: AnyEntity,
  values: FormValues,
  options: Record<string, readonly Option[]>,
): string | null {
  if (entity.name !== 'letter-group') return null;
  const stage = options.stageId?.find((option) => option.value === String(values.stageId));
  const parsed = parseLetterGroup(String(values.letters ?? ''));
  if (!stage || stage.letterCount === undefined || !parsed.ok) return null;
  if (parsed.letters.length === stage.letterCount) return null;
  return letterCountWarning(parsed.letters.length, stage.letterCount, stage.label);
}
