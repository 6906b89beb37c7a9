import * as z from 'zod';
import { DECISIONS, MAX_CHECK_WORDS, MAX_REASON_LENGTH, VERDICTS, WORD_FLAGS } from '#shared/dictionary.ts';
import { word } from '#shared/entities/index.ts';
import { INT_MAX } from '#shared/entities/schemas.ts';
import { BULK_BODY_LIMIT } from '../http/json-body.ts';
import { declare, type OperationSpec } from '../http/operation.ts';
import { errorSchema, named } from '../openapi/components.ts';

/**
 * Issue 46's operations, under `words/cms/`: `check` (any words against a language's dictionary,
 * nothing stored: scripts, the import previews and the CLI), `decisions` (accept or exclude
 * stored words, one or thousands, with a reason) and `dictionaries` (each language's dictionary,
 * its open findings and decisions).
 */

const languageId = z.int().min(1).max(INT_MAX);
const words = z.array(z.string().max(400)).min(1).max(MAX_CHECK_WORDS);

// None: only the language's dictionary asked for, made ready (the import screens ask as a file comes).
export const checkRequestSchema = named(
  z.strictObject({ languageId, words: z.array(z.string().max(400)).max(MAX_CHECK_WORDS) }),
  'WordCheckRequest',
);

export const decisionRequestSchema = named(
  z
    .strictObject({
      languageId,
      words,
      decision: z.enum(DECISIONS).nullable(),
      reason: z.string().trim().max(MAX_REASON_LENGTH).default(''),
    })
    .refine((body) => body.decision === null || body.reason !== '', {
      path: ['reason'],
      message: 'is required: say why the words are accepted or excluded',
    }),
  'DecisionRequest',
);

const dictionaryInfo = z
  .strictObject({
    source: z.string(),
    code: z.string().nullable(),
    offensiveWords: z.int(),
    nounsCapitalised: z.boolean(),
  })
  .nullable();
const counts = (names: readonly string[]) =>
  z.strictObject(Object.fromEntries(names.map((n) => [n, z.int()])));

const wordCheck = named(
  z.strictObject({
    languageId: z.int(),
    language: z.string(),
    dictionary: dictionaryInfo,
    results: z.array(
      z.strictObject({
        word: z.string(),
        letters: z.string().nullable(),
        verdicts: z.array(z.enum(VERDICTS)),
        decision: z.enum(DECISIONS).nullable(),
        reason: z.string().nullable(),
        message: z.string().optional().meta({ description: 'Why the word would be refused (`alphabet`).' }),
      }),
    ),
    counts: counts(['known', ...VERDICTS]),
  }),
  'WordCheck',
);

const decisions = named(
  z.strictObject({
    counts: counts(['decided', 'unchanged', 'rejected']),
    results: z.array(
      z.object({
        word: z.string(),
        id: z.int().optional(),
        status: z.enum(['decided', 'unchanged', 'rejected']),
        message: z.string().optional(),
      }),
    ),
  }),
  'Decisions',
);

const languageDictionaries = named(
  z.array(
    z.strictObject({
      languageId: z.int(),
      language: z.string(),
      dictionary: dictionaryInfo,
      flagged: counts(WORD_FLAGS),
      decided: counts(DECISIONS),
      checkedAt: z.iso.datetime().nullable(),
      checking: z.boolean(),
    }),
  ),
  'LanguageDictionaries',
);

const common = { tag: 'Words', caller: 'admin' } as const satisfies Partial<OperationSpec>;
const noLanguage = { 404: { description: 'No such language.', schema: errorSchema } };

export const checkWords = declare({
  ...common,
  access: { entity: word, access: 'read' },
  panel: 'write',
  method: 'post',
  path: '/words/cms/check',
  operationId: 'checkWords',
  summary: "Words against their language's dictionary",
  description: `Each word's verdicts, nothing stored: \`unknown\` (not in the language's dictionary), \`proper-noun\` (known only capitalised), \`offensive\` (on the language's offensive list) and \`alphabet\` (not written in the language's alphabet: a write would refuse it); none means known. A stored word's decision outranks the dictionary. A language without a dictionary has \`dictionary: null\` and only its alphabet checked. At most ${MAX_CHECK_WORDS} words; none asks only for the language's dictionary, loaded and ready (an import asks as its file arrives, so its words are not kept waiting for the dictionary to load).`,
  body: { schema: checkRequestSchema, limit: BULK_BODY_LIMIT, what: 'word check' },
  responses: {
    200: { description: 'The verdicts, in the order sent, and their counts.', schema: wordCheck },
    ...noLanguage,
  },
});

export const decideWords = declare({
  ...common,
  access: { entity: word, access: 'write' },
  panel: 'write',
  changeSet: true,
  method: 'post',
  path: '/words/cms/decisions',
  operationId: 'decideWords',
  summary: 'Accept or exclude stored words',
  description:
    "A content manager's decision on stored words of a language, with a reason: `accepted` (the word stays; its findings go), `excluded` (the word is deactivated, cannot be made active nor linked to a letter group), or `null` (the decision withdrawn, the word judged again). Each word is an audited update. Decisions survive re-imports and dictionary changes.",
  body: { schema: decisionRequestSchema, limit: BULK_BODY_LIMIT, what: 'decision' },
  responses: {
    200: { description: 'Each word: decided, unchanged or rejected (no such word).', schema: decisions },
    ...noLanguage,
  },
});

export const wordDictionaries = declare({
  ...common,
  access: { entity: word, access: 'read' },
  panel: 'read',
  method: 'get',
  path: '/words/cms/dictionaries',
  operationId: 'wordDictionaries',
  summary: "Each language's dictionary",
  description:
    'Per language: its dictionary (null: none, its words are not judged), active words with an open finding per flag, decided words, and when its words were last checked against the current dictionary.',
  responses: { 200: { description: 'One entry per language.', schema: languageDictionaries } },
});
