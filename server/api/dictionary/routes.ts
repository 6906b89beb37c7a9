import { z } from 'zod';
import {
  DECISIONS,
  MAX_CHECK_WORDS,
  MAX_REASON_LENGTH,
  WORD_FLAGS,
  type LanguageDictionary,
} from '#shared/dictionary.ts';
import { word } from '#shared/entities/index.ts';
import { INT_MAX } from '#shared/entities/schemas.ts';
import { allowEntity } from '../access/guard.ts';
import { requestContext } from '../audit/request-context.ts';
import { json, type ApiRoute, type Step } from '../http/call.ts';
import { BULK_BODY_LIMIT, bodyAs, jsonBody } from '../http/json-body.ts';
import type { Dictionaries } from '../../dictionary/checker.ts';
import type { Recheck } from '../../dictionary/recheck.ts';
import type { DictionaryService } from '../../dictionary/service.ts';
import type { DatabaseHandle } from '../../db/database.ts';

const languageId = z.number().int().min(1).max(INT_MAX);
const words = z.array(z.string().max(400)).min(1).max(MAX_CHECK_WORDS);

export const checkRequestSchema = z.strictObject({ languageId, words });

export const decisionRequestSchema = z
  .strictObject({
    languageId,
    words,
    decision: z.enum(DECISIONS).nullable(),
    reason: z.string().trim().max(MAX_REASON_LENGTH).default(''),
  })
  .refine((body) => body.decision === null || body.reason !== '', {
    path: ['reason'],
    message: 'is required: say why the words are accepted or excluded',
  });

/**
 * Issue 46's routes, under `words/cms/`: `check` (any words against a language's dictionary,
 * nothing stored: scripts, the import previews and the CLI), `decisions` (accept or exclude
 * stored words, one or thousands, with a reason) and `dictionaries` (each language's dictionary,
 * its open findings and decisions).
 */
export function dictionaryRoutes(deps: {
  database: DatabaseHandle;
  service: DictionaryService;
  dictionaries: Dictionaries;
  recheck: Recheck | null;
  requireAdmin: Step;
  clock: () => number;
}): ApiRoute[] {
  const { service, requireAdmin, clock } = deps;
  const read = allowEntity(word, 'read');
  const write = allowEntity(word, 'write');
  return [
    {
      path: '/words/cms/check',
      methods: {
        post: [
          requireAdmin,
          read,
          jsonBody(BULK_BODY_LIMIT),
          async (ctx) => {
            const body = bodyAs(checkRequestSchema, ctx, 'word check');
            return json(await service.check(body.languageId, body.words));
          },
        ],
      },
    },
    {
      path: '/words/cms/decisions',
      methods: {
        post: [
          requireAdmin,
          write,
          jsonBody(BULK_BODY_LIMIT),
          async (ctx) => {
            const body = bodyAs(decisionRequestSchema, ctx, 'decision');
            return json(await service.decide(body, requestContext(ctx, clock)));
          },
        ],
      },
    },
    {
      path: '/words/cms/dictionaries',
      methods: {
        get: [requireAdmin, read, async () => json(await status(deps))],
      },
    },
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
