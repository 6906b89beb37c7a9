import type { Volumes } from './data/rows.ts';

export const PAGE_SIZE = 20;

/** One list query of P4: what the panel would ask the content API, and what it means for the floor. */
export interface FilterQuery {
  label: string;
  /** API resource, e.g. `user-levels`. */
  resource: string;
  /** Table (snake_case). */
  table: string;
  /** Substring filters: column → value (3+ letters, answered by the floor's trigram index). */
  text: Record<string, string>;
  /** Exact filters: column → value (booleans as they are on the wire). */
  equal: Record<string, number | boolean>;
  /** Zero-based page, as on the wire. */
  page: number;
}

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** `?page=…&field=value…` as the panel sends it. */
export function apiPath(q: FilterQuery): string {
  const params = new URLSearchParams();
  for (const [column, value] of Object.entries({ ...q.text, ...q.equal }))
    params.set(camel(column), String(value));
  if (q.page > 0) params.set('page', String(q.page));
  const query = params.toString();
  return `/${q.resource}/cms/search/${query ? `?${query}` : ''}`;
}

/**
 * Every filter of every list: text that hits and text that misses (ASCII, ñ/ß, Cyrillic), ids,
 * numbers, booleans, combinations and deep pages. Ids and deep pages follow the data set's size so
 * that a smaller --scale still hits.
 */
export function filterQueries(v: Volumes): FilterQuery[] {
  const deep = (rows: number) => Math.max(1, Math.floor((rows / PAGE_SIZE) * 0.4));
  const q = (
    label: string,
    resource: string,
    table: string,
    text: Record<string, string> = {},
    equal: Record<string, number | boolean> = {},
    page = 0,
  ): FilterQuery => ({ label, resource, table, text, equal, page });
  const group = Math.ceil(v.letterGroups * 0.6);
  const word = Math.ceil(v.words * 0.0085);
  // Group g's first link (data/links.ts): the combination hits one row.
  const linked = 1 + ((group * 7919) % v.words);
  return [
    q('users: email contains "zzq" (no match)', 'users', 'users', { email: 'zzq' }),
    q('users: email contains "gmail"', 'users', 'users', { email: 'gmail' }),
    q('users: username contains "ana12"', 'users', 'users', { username: 'ana12' }),
    q('users: username contains "таш" (Cyrillic)', 'users', 'users', { username: 'таш' }),
    q('users: email "yahoo" + username "luis1"', 'users', 'users', { email: 'yahoo', username: 'luis1' }),
    q(`users: page ${deep(v.users) + 1}`, 'users', 'users', {}, {}, deep(v.users)),
    q(`users: email "gmail", page ${deep(v.users / 4) + 1}`, 'users', 'users', { email: 'gmail' }, {}, deep(v.users / 4)),
    q('user-levels: highestScore = 1234', 'user-levels', 'user_levels', {}, { highest_score: 1234 }),
    q('user-levels: highestScore = 99999 (no match)', 'user-levels', 'user_levels', {}, { highest_score: 99999 }),
    q('user-levels: validWords = 150', 'user-levels', 'user_levels', {}, { valid_words: 150 }),
    q('user-levels: completed = true', 'user-levels', 'user_levels', {}, { completed: true }),
    q('user-levels: locked + not completed', 'user-levels', 'user_levels', {}, { locked: true, completed: false }),
    q('user-levels: highestScore 1234 + completed', 'user-levels', 'user_levels', {}, { highest_score: 1234, completed: true }),
    q(`user-levels: page ${deep(v.userLevels) + 1}`, 'user-levels', 'user_levels', {}, {}, deep(v.userLevels)),
    q('words: letters contains "tion"', 'words', 'words', { letters: 'tion' }),
    q('words: letters contains "qxz" (no match)', 'words', 'words', { letters: 'qxz' }),
    q('words: letters contains "ción"', 'words', 'words', { letters: 'ción' }),
    q('words: letters contains "ßen"', 'words', 'words', { letters: 'ßen' }),
    q('words: letters contains "ост" (Cyrillic)', 'words', 'words', { letters: 'ост' }),
    q('words: languageId = 2', 'words', 'words', {}, { language_id: 2 }),
    q('words: isActive = false', 'words', 'words', {}, { is_active: false }),
    q('words: letters "ing" + languageId 1', 'words', 'words', { letters: 'ing' }, { language_id: 1 }),
    q(`words: page ${deep(v.words) + 1}`, 'words', 'words', {}, {}, deep(v.words)),
    q('letter-groups: letters contains "ert"', 'letter-groups', 'letter_groups', { letters: 'ert' }),
    q('letter-groups: languageId 3 + stageId 5', 'letter-groups', 'letter_groups', {}, { language_id: 3, stage_id: 5 }),
    q('letter-groups: isActive = false', 'letter-groups', 'letter_groups', {}, { is_active: false }),
    q(`letter-groups: page ${deep(v.letterGroups) + 1}`, 'letter-groups', 'letter_groups', {}, {}, deep(v.letterGroups)),
    q('levels: hint contains "animals"', 'levels', 'levels', { hint: 'animals' }),
    q('levels: hint contains "zzq" (no match)', 'levels', 'levels', { hint: 'zzq' }),
    q(`levels: page ${deep(v.levels) + 1}`, 'levels', 'levels', {}, {}, deep(v.levels)),
    q(`letter-group-words: letterGroupId = ${group}`, 'letter-group-words', 'letter_group_words', {}, { letter_group_id: group }),
    q(`letter-group-words: wordId = ${word}`, 'letter-group-words', 'letter_group_words', {}, { word_id: word }),
    q('letter-group-words: letterGroupId + wordId', 'letter-group-words', 'letter_group_words', {}, { letter_group_id: group, word_id: linked }),
    q(`letter-group-words: page ${deep(v.letterGroupWords) + 1}`, 'letter-group-words', 'letter_group_words', {}, {}, deep(v.letterGroupWords)),
    q('letter-group-levels: used = true', 'letter-group-levels', 'letter_group_levels', {}, { used: true }),
    q('letter-group-levels: levelId = 500', 'letter-group-levels', 'letter_group_levels', {}, { level_id: Math.min(500, v.levels) }),
    q('stages: letterCount = 7', 'stages', 'stages', {}, { letter_count: 7 }),
    q('languages: language contains "eng" + active', 'languages', 'languages', { language: 'eng' }, { is_active: true }),
  ]; // prettier-ignore
}
