import { FINDING_KINDS, MIN_PLAYERS } from '#shared/difficulty.ts';
import { DIFFICULTY_LIMIT } from '../difficulty/routes.ts';
import { COMMON_ERRORS, error, extensionOp, json, ref, type Json } from './fragments.ts';

const int = { type: 'integer' };
const share = { type: ['number', 'null'], minimum: 0, maximum: 1 };
const meanOrNull = { type: ['number', 'null'], minimum: 0 };
const object = (properties: Json, extra: Json = {}) => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
  additionalProperties: false,
  ...extra,
});

const levelFigures = object({
  levelId: int,
  number: int,
  isActive: { type: 'boolean' },
  players: {
    ...int,
    minimum: 0,
    description: 'Players who reached the level: its unlocked user-level rows.',
  },
  completionRate: { ...share, description: 'Share of those players who completed it.' },
  score: {
    oneOf: [
      object({ q1: { type: 'number' }, median: { type: 'number' }, q3: { type: 'number' } }),
      { type: 'null' },
    ],
    description: 'Highest score: median and quartiles, interpolated between ranks (PERCENTILE.INC).',
  },
  validWords: meanOrNull,
  duplicateWords: meanOrNull,
  wordsPerSecond: meanOrNull,
  invalidShare: { ...share, description: 'Invalid words among all words entered.' },
  topWord: {
    oneOf: [object({ word: { type: 'string' }, players: int }), { type: 'null' }],
    description: 'The most frequent "most valuable word entered".',
  },
  dropOff: {
    ...share,
    description:
      "Share of the level's players with no unlocked row on the stage's next active level; null for the last.",
  },
  judged: { type: 'boolean', description: `False with fewer than ${MIN_PLAYERS} players: never judged.` },
});

const finding = {
  kind: { type: 'string', enum: [...FINDING_KINDS] },
  levelId: int,
  levelNumber: int,
  figure: { type: 'string', enum: ['completion rate', 'median score', 'drop-off'] },
  value: { type: 'number' },
  expected: { type: 'number', description: "The neighbours' median (spikes) or the stage's (drop-off)." },
  neighbours: { type: 'array', items: object({ number: int, value: { type: 'number' } }) },
  message: { type: 'string' },
};

/** `DifficultyFindings` of the health report: every stage's findings with their language and stage. */
export const difficultyFindingsSchema = {
  oneOf: [
    object({
      computedAt: { type: 'string', format: 'date-time' },
      stale: { type: 'boolean' },
      findings: {
        type: 'array',
        items: object({
          ...finding,
          languageId: int,
          language: { type: 'string' },
          stageId: int,
          stageNumber: int,
        }),
      },
    }),
    { type: 'null' },
  ],
  description:
    'Levels players find much harder or easier than their neighbours, or stop at, over every stage (see GET /levels/cms/difficulty). Null while the first run is under way; recomputed at most every 30 s.',
};

/** The report's schema, as `components.schemas.DifficultyReport`. */
export const difficultyReportSchema = object({
  generatedAt: { type: 'string', format: 'date-time' },
  filters: {
    type: 'object',
    required: ['stageId'],
    properties: {
      stageId: int,
      languageId: int,
      since: { type: 'string' },
      until: { type: 'string' },
      activePlayers: { type: 'boolean' },
    },
    additionalProperties: false,
  },
  minPlayers: int,
  stage: object({ id: int, number: int }),
  curves: {
    type: 'array',
    items: object({
      languageId: int,
      language: { type: 'string' },
      stageId: int,
      stageNumber: int,
      levels: { type: 'array', items: levelFigures },
      findings: { type: 'array', items: object(finding) },
    }),
  },
});

const query = (name: string, schema: Json, description: string, required = false) => ({
  name,
  in: 'query',
  required,
  schema,
  description,
});

/** `GET /levels/cms/difficulty`. */
export const difficultyPaths: Record<string, Json> = {
  '/levels/cms/difficulty': {
    get: extensionOp(
      'levelDifficulty',
      'Levels',
      {
        summary: 'How players fare on each level of a stage',
        description:
          "Per level of the stage, in number order and one curve per language: players who reached it, completion rate, the score's median and quartiles, mean valid words, invalid-word share, duplicates, words per second, the most frequent most valuable word and the drop-off to the next level; and the findings: levels much harder or easier than the trend of their neighbours (completion rate or median score more than 3 robust standard deviations off, and at least 15 points or 25 %), and levels whose drop-off exceeds the stage's median by as much (at least 20 points). " +
          `Levels with fewer than ${MIN_PLAYERS} players are never judged. Any account that may read levels, within its languages; results the game writes into the database count at once. At most ${DIFFICULTY_LIMIT.points} requests per account and minute.`,
        parameters: [
          query('stageId', { type: 'integer', minimum: 1 }, 'The stage.', true),
          query(
            'languageId',
            { type: 'integer', minimum: 1 },
            'One language; absent: every language of the stage (within the account’s).',
          ),
          query(
            'since',
            { type: 'string' },
            'Results updated at or after: a day (2026-11-01, UTC) or an ISO 8601 instant with its offset.',
          ),
          query('until', { type: 'string' }, 'Results updated before this instant, or through this day.'),
          query(
            'activePlayers',
            { type: 'string', enum: ['true', 'false'] },
            'Only players whose account is active and not deleted.',
          ),
        ],
        responses: {
          200: json(ref('DifficultyReport'), 'The figures and findings.'),
          400: json(
            ref('ValidationError'),
            'A missing, malformed or unknown parameter; the message names it.',
          ),
          404: error('No such stage or language.'),
          429: error('Too many requests in a minute; Retry-After says when to come back.'),
        },
      },
      COMMON_ERRORS,
    ),
  },
};
