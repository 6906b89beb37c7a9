import { letterGroupWord } from '#shared/entities/index.ts';
import type { ApplyLinksRequest, ApplyLinksResponse, LinkPlan } from '#shared/links/api.ts';
import { planGroup, wordIndexAsync, type GroupPlan } from '#shared/links/plan.ts';
import { groupLetters } from '#shared/words.ts';
import type { ChangeContext } from '../audit/record.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { Store } from '../resources/store.ts';
import { linkData, type GroupRecord } from './data.ts';
import { nextTurn } from '../next-turn.ts';
import type { DatabaseHandle } from '../../db/database.ts';

/** Rows per bulk upsert: the bulk endpoint's own limit, one transaction each. */
export const WRITE_CHUNK = 1000;

/**
 * Longest word (in code points) the group can build without reusing letters, when that bound is
 * safe: every letter of the group is one code point, so every buildable word's letters are too.
 */
function maxWordLength(letters: string, reuse: boolean): number | undefined {
  if (reuse) return undefined;
  const split = groupLetters(letters);
  return split.every((letter) => [...letter].length === 1) ? split.length : undefined;
}

/** One letter group's plan, as `links build --letter-group ID [--reuse-letters]` computes it. */
export async function groupPlan(
  database: DatabaseHandle,
  id: number,
  reuseLetters: boolean,
): Promise<{ group: GroupRecord; plan: GroupPlan }> {
  const data = linkData(database);
  const group = await data.group(id);
  if (!group) throw notFound(`Letter Group ${id} not found`);
  const words = await data.activeWords(group.languageId, maxWordLength(group.letters, reuseLetters));
  const index = await wordIndexAsync(words, { reuseLetters }, nextTurn);
  const links = (await data.linksOf([id])).get(id) ?? [];
  return { group, plan: planGroup(index, group, links) };
}

/** The plan as the API answers it: the words to link and the links to remove, with their letters. */
export async function linkPlanAnswer(
  database: DatabaseHandle,
  id: number,
  reuseLetters: boolean,
): Promise<LinkPlan> {
  const { group, plan } = await groupPlan(database, id, reuseLetters);
  const letters = await linkData(database).lettersOf([...plan.create, ...plan.prune.map((l) => l.wordId)]);
  return {
    letterGroup: group,
    reuseLetters,
    buildable: plan.buildable.length,
    kept: plan.kept,
    add: plan.create.map((wordId) => ({ wordId, letters: letters.get(wordId)! })),
    remove: plan.prune.map(({ id, wordId }) => ({ id, wordId, letters: letters.get(wordId) ?? null })),
  };
}

/**
 * Applies a selection of the group's plan in one audited batch (one change set): the words are
 * linked through the bulk upsert, a transaction per 1000 rows, and the links removed through the
 * bulk delete. Only words the group builds and links the plan would remove are accepted.
 */
export async function applyLinks(
  database: DatabaseHandle,
  store: Store,
  id: number,
  request: ApplyLinksRequest,
  ctx: ChangeContext,
): Promise<ApplyLinksResponse> {
  const add = [...new Set(request.add ?? [])];
  const remove = [...new Set(request.remove ?? [])];
  if (add.length === 0 && remove.length === 0) {
    throw badRequest('Select at least one word to link or one link to remove.');
  }
  const { plan } = await groupPlan(database, id, request.reuseLetters === true);
  const buildable = new Set(plan.buildable);
  const strayWords = add.filter((wordId) => !buildable.has(wordId));
  if (strayWords.length > 0) {
    throw badRequest(
      `Letter Group ${id} cannot build word ${strayWords.slice(0, 10).join(', ')}: only the planned words can be linked. Reload the plan.`,
    );
  }
  const prunable = new Set(plan.prune.map((link) => link.id));
  const strayLinks = remove.filter((linkId) => !prunable.has(linkId));
  if (strayLinks.length > 0) {
    throw badRequest(
      `Link ${strayLinks.slice(0, 10).join(', ')} is not one the plan of Letter Group ${id} removes. Reload the plan.`,
    );
  }
  const answer: ApplyLinksResponse = {
    created: 0,
    unchanged: 0,
    rejected: 0,
    removed: 0,
    refused: 0,
    changeSetId: ctx.changeSet?.id ?? null,
    problems: [],
  };
  for (let at = 0; at < add.length; at += WRITE_CHUNK) {
    if (at > 0) await nextTurn(); // a turn of the event loop between two transactions
    const rows = add.slice(at, at + WRITE_CHUNK).map((wordId) => ({ letterGroupId: id, wordId }));
    const outcome = await store.bulk(letterGroupWord, rows, false, ctx);
    answer.created += outcome.counts.created;
    answer.unchanged += outcome.counts.unchanged + outcome.counts.updated;
    answer.rejected += outcome.counts.rejected;
    for (const result of outcome.results.filter((r) => r.status === 'rejected')) {
      answer.problems.push(`word ${rows[result.index]!.wordId}: ${result.reason ?? 'rejected'}`);
    }
  }
  if (remove.length > 0) {
    const outcome = await store.bulkDelete(letterGroupWord, { ids: remove }, ctx);
    answer.removed = outcome.changed;
    answer.refused = outcome.refused;
    for (const refusal of outcome.refusals) answer.problems.push(`link ${refusal.id}: ${refusal.reason}`);
  }
  return answer;
}
