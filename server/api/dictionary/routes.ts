import { WORD_FLAGS, type LanguageDictionary } from '#shared/dictionary.ts';
import { changeContextOf } from '../audit/change-context.ts';
import { json } from '../http/call.ts';
import { implement, type ApiOperation } from '../http/operation.ts';
import { checkWords, decideWords, wordDictionaries } from './declarations.ts';
import type { Dictionaries } from '../../dictionary/checker.ts';
import type { Recheck } from '../../dictionary/recheck.ts';
import type { DictionaryService } from '../../dictionary/service.ts';
import type { DatabaseHandle } from '../../db/database.ts';

/**
 * Issue 46's operations (declarations.ts), answered: `check`, `decisions`, `dictionaries`.
 */
export function dictionaryOperations(deps: {
  database: DatabaseHandle;
  service: DictionaryService;
  dictionaries: Dictionaries;
  recheck: Recheck | null;
  clock: () => number;
}): ApiOperation[] {
  const { service, clock } = deps;
  return [
    implement(checkWords, async (ctx) =>
      json(await service.check(ctx.input.body.languageId, ctx.input.body.words)),
    ),
    implement(decideWords, async (ctx) =>
      json(await service.decide(ctx.input.body, changeContextOf(ctx, clock))),
    ),
    implement(wordDictionaries, async () => json(await status(deps))),
  ];
}

async function status(deps: {
  database: DatabaseHandle;
  service: DictionaryService;
  dictionaries: Dictionaries;
  recheck: Recheck | null;
}): Promise<LanguageDictionary[]> {
  const [languages, checks, tallies] = await Promise.all([
    deps.database.db.selectFrom('languages').select(['id', 'language']).orderBy('id').execute(),
    deps.database.db.selectFrom('dictionaryChecks').selectAll().execute(),
    deps.service.tallies(),
  ]);
  const checkedAt = new Map(checks.map((c) => [c.languageId, c.checkedAt]));
  const answer: LanguageDictionary[] = [];
  for (const language of languages) {
    const pending = deps.dictionaries.of(language.language);
    const flagged = Object.fromEntries(WORD_FLAGS.map((f) => [f, 0])) as LanguageDictionary['flagged'];
    const decided = { accepted: 0, excluded: 0 };
    for (const tally of tallies) {
      if (tally.languageId !== language.id) continue;
      for (const flag of tally.flags?.split(' ') ?? [])
        if (flag in flagged) flagged[flag as keyof typeof flagged] += tally.n;
      if (tally.decision === 'accepted' || tally.decision === 'excluded') decided[tally.decision] += tally.n;
    }
    const at = checkedAt.get(language.id);
    answer.push({
      languageId: language.id,
      language: language.language,
      dictionary: pending ? (await pending).info : null,
      flagged,
      decided,
      checkedAt: at ? new Date(at).toISOString() : null,
      checking: deps.recheck?.checking.has(language.id) ?? false,
    });
  }
  return answer;
}
