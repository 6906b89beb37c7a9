import * as z from 'zod';
import { FINDING_KINDS, MIN_PLAYERS } from '#shared/difficulty.ts';
import { level } from '#shared/entities/index.ts';
import { INT_MAX } from '#shared/entities/schemas.ts';
import { declare, emptyIsAbsent } from '../http/operation.ts';
import { tooMany } from '../http/per-admin-limit.ts';
import { errorSchema, named } from '../openapi/components.ts';
import { parseFilters } from './filters.ts';

/** Per account: a designer changes filters by hand; a notebook loops over stages. */
export const DIFFICULTY_LIMIT = { points: 120, duration: 60 };

const share = z.number().min(0).max(1).nullable();
const meanOrNull = z.number().min(0).nullable();

const levelFigures = z.strictObject({
  levelId: z.int(),
  number: z.int(),
  isActive: z.boolean(),
  players: z
    .int()
    .min(0)
    .meta({ description: 'Players who reached the level: its unlocked user-level rows.' }),
  completionRate: share.meta({ description: 'Share of those players who completed it.' }),
  score: z.strictObject({ q1: z.number(), median: z.number(), q3: z.number() }).nullable().meta({
    description: 'Highest score: median and quartiles, interpolated between ranks (PERCENTILE.INC).',
  }),
  validWords: meanOrNull,
  duplicateWords: meanOrNull,
  wordsPerSecond: meanOrNull,
  invalidShare: share.meta({ description: 'Invalid words among all words entered.' }),
  topWord: z
    .strictObject({ word: z.string(), players: z.int() })
    .nullable()
    .meta({ description: 'The most frequent "most valuable word entered".' }),
  dropOff: share.meta({
    description:
      "Share of the level's players with no unlocked row on the stage's next active level; null for the last.",
  }),
  judged: z.boolean().meta({ description: `False with fewer than ${MIN_PLAYERS} players: never judged.` }),
});

export const findingShape = {
  kind: z.enum(FINDING_KINDS as [string, ...string[]]),
  levelId: z.int(),
  levelNumber: z.int(),
  figure: z.enum(['completion rate', 'median score', 'drop-off']),
  value: z.number(),
  expected: z.number().meta({ description: "The neighbours' median (spikes) or the stage's (drop-off)." }),
  neighbours: z.array(z.strictObject({ number: z.int(), value: z.number() })),
  message: z.string(),
};

/** `DifficultyFindings` of the health report: every stage's findings with their language and stage. */
export const difficultyFindingsSchema = named(
  z
    .strictObject({
      computedAt: z.iso.datetime(),
      stale: z.boolean(),
      findings: z.array(
        z.strictObject({
          ...findingShape,
          languageId: z.int(),
          language: z.string(),
          stageId: z.int(),
          stageNumber: z.int(),
        }),
      ),
    })
    .nullable()
    .meta({
      description:
        'Levels players find much harder or easier than their neighbours, or stop at, over every stage (see GET /levels/cms/difficulty). Null while the first run is under way; recomputed at most every 30 s.',
    }),
  'DifficultyFindings',
);

const report = named(
  z.strictObject({
    generatedAt: z.iso.datetime(),
    filters: z.strictObject({
      stageId: z.int(),
      languageId: z.int().optional(),
      since: z.string().optional(),
      until: z.string().optional(),
      activePlayers: z.boolean().optional(),
    }),
    minPlayers: z.int(),
    stage: z.strictObject({ id: z.int(), number: z.int() }),
    curves: z.array(
      z.strictObject({
        languageId: z.int(),
        language: z.string(),
        stageId: z.int(),
        stageNumber: z.int(),
        levels: z.array(levelFigures),
        findings: z.array(z.strictObject(findingShape)),
      }),
    ),
  }),
  'DifficultyReport',
);

const positive = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(z.int().min(1).max(INT_MAX));
const moment = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/)
  .optional();

export const levelDifficulty = declare({
  method: 'get',
  path: '/levels/cms/difficulty',
  operationId: 'levelDifficulty',
  tag: 'Levels',
  caller: 'admin',
  access: { entity: level, access: 'read' },
  panel: 'read',
  rateLimit: { keyPrefix: 'difficulty', ...DIFFICULTY_LIMIT, message: tooMany('difficulty') },
  summary: 'How players fare on each level of a stage',
  description:
    "Per level of the stage, in number order and one curve per language: players who reached it, completion rate, the score's median and quartiles, mean valid words, invalid-word share, duplicates, words per second, the most frequent most valuable word and the drop-off to the next level; and the findings: levels much harder or easier than the trend of their neighbours (completion rate or median score more than 3 robust standard deviations off, and at least 15 points or 25 %), and levels whose drop-off exceeds the stage's median by as much (at least 20 points). " +
    `Levels with fewer than ${MIN_PLAYERS} players are never judged. Any account that may read levels, within its languages; results the game writes into the database count at once. At most ${DIFFICULTY_LIMIT.points} requests per account and minute.`,
  query: {
    schema: z.strictObject({
      stageId: positive.meta({ description: 'The stage.' }),
      languageId: emptyIsAbsent(positive).meta({
        description: 'One language; absent: every language of the stage (within the account’s).',
      }),
      since: emptyIsAbsent(moment).meta({
        description:
          'Results updated at or after: a day (2026-11-01, UTC) or an ISO 8601 instant with its offset; a day that does not exist (2026-02-30) is a 400.',
      }),
      until: emptyIsAbsent(moment).meta({
        description: 'Results updated before this instant, or through this day.',
      }),
      activePlayers: emptyIsAbsent(
        z
          .enum(['true', 'false'])
          .transform((v) => v === 'true')
          .pipe(z.boolean()),
      ).meta({ description: 'Only players whose account is active and not deleted.' }),
    }),
    parse: parseFilters,
  },
  responses: {
    200: { description: 'The figures and findings.', schema: report },
    404: { description: 'No such stage or language.', schema: errorSchema },
  },
});
