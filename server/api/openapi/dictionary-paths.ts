import { z } from 'zod';
import { DECISIONS, MAX_CHECK_WORDS, VERDICTS, WORD_FLAGS } from '#shared/dictionary.ts';
import { checkRequestSchema, decisionRequestSchema } from '../dictionary/routes.ts';
import { body, COMMON_ERRORS, error, extensionOp, json, ref, type Json } from './fragments.ts';

const int = { type: 'integer' };
const text = { type: 'string' };
const nullable = (schema: Json) => ({ oneOf: [schema, { type: 'null' }] });
const object = (properties: Json) => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
  additionalProperties: false,
});
const dictionaryInfo = nullable(
  object({ source: text, code: nullable(text), offensiveWords: int, nounsCapitalised: { type: 'boolean' } }),
);
const counts = (names: readonly string[]) => object(Object.fromEntries(names.map((n) => [n, int])));

/** Components of issue 46's routes. */
export const dictionarySchemas: Record<string, Json> = {
  WordCheck: object({
    languageId: int,
    language: text,
    dictionary: dictionaryInfo,
    results: {
      type: 'array',
      items: {
        type: 'object',
        required: ['word', 'letters', 'verdicts', 'decision', 'reason'],
        properties: {
          word: text,
          letters: nullable(text),
          verdicts: { type: 'array', items: { enum: [...VERDICTS] } },
          decision: nullable({ enum: [...DECISIONS] }),
          reason: nullable(text),
          message: { ...text, description: 'Why the word would be refused (`alphabet`).' },
        },
        additionalProperties: false,
      },
    },
    counts: counts(['known', ...VERDICTS]),
  }),
  Decisions: object({
    counts: counts(['decided', 'unchanged', 'rejected']),
    results: {
      type: 'array',
      items: {
        type: 'object',
        required: ['word', 'status'],
        properties: {
          word: text,
          id: int,
          status: { enum: ['decided', 'unchanged', 'rejected'] },
          message: text,
        },
      },
    },
  }),
  LanguageDictionaries: {
    type: 'array',
    items: object({
      languageId: int,
      language: text,
      dictionary: dictionaryInfo,
      flagged: counts(WORD_FLAGS),
      decided: counts(DECISIONS),
      checkedAt: nullable({ type: 'string', format: 'date-time' }),
      checking: { type: 'boolean' },
    }),
  },
};

const requestOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input' }) as Json;

/** `POST words/cms/check`, `POST words/cms/decisions`, `GET words/cms/dictionaries`. */
export const dictionaryPaths: Record<string, Json> = {
  '/words/cms/check': {
    post: extensionOp('checkWords', 'Words', {
      summary: "Words against their language's dictionary",
      description: `Each word's verdicts, nothing stored: \`unknown\` (not in the language's dictionary), \`proper-noun\` (known only capitalised), \`offensive\` (on the language's offensive list) and \`alphabet\` (not written in the language's alphabet: a write would refuse it); none means known. A stored word's decision outranks the dictionary. A language without a dictionary has \`dictionary: null\` and only its alphabet checked. At most ${MAX_CHECK_WORDS} words.`,
      requestBody: body(requestOf(checkRequestSchema)),
      responses: {
        200: json(ref('WordCheck'), 'The verdicts, in the order sent, and their counts.'),
        400: json(ref('ValidationError'), 'A malformed body; the message names the field.'),
        404: error('No such language.'),
        413: error('Body too large.'),
        415: error('Content-Type is not application/json.'),
      },
    }),
  },
  '/words/cms/decisions': {
    post: extensionOp('decideWords', 'Words', {
      summary: 'Accept or exclude stored words',
      description:
        "A content manager's decision on stored words of a language, with a reason: `accepted` (the word stays; its findings go), `excluded` (the word is deactivated, cannot be made active nor linked to a letter group), or `null` (the decision withdrawn, the word judged again). Each word is an audited update. Decisions survive re-imports and dictionary changes.",
      requestBody: body(requestOf(decisionRequestSchema)),
      responses: {
        200: json(ref('Decisions'), 'Each word: decided, unchanged or rejected (no such word).'),
        400: json(ref('ValidationError'), 'A malformed body, or a decision without a reason.'),
        404: error('No such language.'),
        413: error('Body too large.'),
        415: error('Content-Type is not application/json.'),
      },
    }),
  },
  '/words/cms/dictionaries': {
    get: extensionOp(
      'wordDictionaries',
      'Words',
      {
        summary: "Each language's dictionary",
        description:
          'Per language: its dictionary (null: none, its words are not judged), active words with an open finding per flag, decided words, and when its words were last checked against the current dictionary.',
        responses: { 200: json(ref('LanguageDictionaries'), 'One entry per language.') },
      },
      COMMON_ERRORS,
    ),
  },
};
