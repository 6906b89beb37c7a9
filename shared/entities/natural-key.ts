import type { AnyEntity } from './types.ts';

type Values = Record<string, unknown>;

/**
 * A row's natural key as one comparable string, or null when the entity has none or a part is
 * missing. Parts marked `foldCase` are lower-cased, so "english" and "English" give one key: the
 * API's bulk upserts, the CLI's imports and `argus-words lint` all compare keys through this.
 */
export function naturalKeyOf(entity: AnyEntity, values: Values): string | null {
  const key = entity.naturalKey;
  if (!key) return null;
  // JSON of the array of parts, built part by part: a bulk import asks this a few times per row.
  let text = '[';
  for (let i = 0; i < key.length; i++) {
    const name = key[i]!;
    let value = values[name];
    if (value === undefined || value === null) return null;
    if (typeof value === 'string' && entity.fields[name]?.foldCase) value = value.toLowerCase();
    // A finite number's JSON is its String (ids, numbers: most keys), without JSON.stringify's cost.
    const part = typeof value === 'number' && Number.isFinite(value) ? String(value) : JSON.stringify(value);
    text += (i === 0 ? '' : ',') + part;
  }
  return text + ']';
}

/** `number 6`, `languageId 1, letters "tap"`: the key's values as a message names them. */
export function naturalKeyText(entity: AnyEntity, values: Values): string {
  return (entity.naturalKey ?? []).map((name) => `${name} ${JSON.stringify(values[name])}`).join(', ');
}

/**
 * Why `values` cannot be stored beside `holder`, naming the record that already has the key:
 * 'A language with language "english" already exists (id 3, "English"; compared ignoring case)'.
 */
export function duplicateKeyMessage(entity: AnyEntity, values: Values, holder: Values): string {
  const folded = (entity.naturalKey ?? []).filter(
    (name) => entity.fields[name]?.foldCase && values[name] !== holder[name],
  );
  const spelled = folded.map((name) => JSON.stringify(holder[name]));
  const detail = spelled.length ? `, ${spelled.join(', ')}; compared ignoring case` : '';
  return `A ${entity.label.toLowerCase()} with ${naturalKeyText(entity, values)} already exists (id ${String(holder.id)}${detail})`;
}
