import * as z from 'zod';
import {
  MAX_SOLVABILITY_BATCH,
  MAX_SOLVABILITY_GROUPS,
  SOLVABLE_CHOICES,
  SOLVABLE_FILTER,
} from '#shared/solvability-request.ts';
import { SOLVABILITY_VERDICTS } from '#shared/solvability.ts';
import { INT_MAX } from '#shared/entities/schemas.ts';
import { BODY_LIMIT } from '../http/json-body.ts';
import { declare, emptyIsAbsent, idParams, type OperationSpec } from '../http/operation.ts';
import { tooMany } from '../http/per-admin-limit.ts';
import { errorSchema, named } from '../openapi/components.ts';
import { solvabilityRequest } from './request-schema.ts';

/**
 * The solvability of levels (issue 13): a level's values, saved or not; the verdicts of a page of
 * stored levels; one stored level; and `solvable=yes|no` on the level list. Read-only, rate-limited
 * per admin.
 */

/** Per admin: the form asks as the condition is typed (debounced), a list once per page. */
export const SOLVABILITY_LIMIT = { points: 120, duration: 60 };

const verdict = z.enum(SOLVABILITY_VERDICTS as [string, ...string[]]);
const count = z.int().min(0);

const answer = named(
  z.object({
    verdict,
    reason: z.string(),
    count: count.meta({ description: 'Distinct usable words over the active letter groups.' }),
    sample: z.array(z.string()).meta({ description: 'Up to 20 of them, alphabetically.' }),
    required: count,
    unknown: z.array(z.string()).meta({ description: 'Parts of the condition not understood.' }),
    groups: z.array(
      z.object({
        letterGroupId: z.int(),
        letters: z.string(),
        isActive: z.boolean(),
        verdict: verdict.nullable().meta({ description: 'Null for an inactive letter group (not played).' }),
        reason: z.string(),
        words: count.meta({ description: 'Its active linked words of the level language.' }),
        usable: count.meta({ description: 'Those meeting the per-word rules (letters, required letter).' }),
        available: count.meta({ description: 'The most that can be entered together.' }),
        required: count,
        requiredLetter: z
          .string()
          .nullable()
          .meta({ description: 'The letter its required letter position fixes.' }),
      }),
    ),
  }),
  'LevelSolvability',
);

const batch = named(
  z.object({
    levels: z.array(z.object({ id: z.int(), verdict, reason: z.string(), count, required: count })),
    missing: z.array(z.int()).meta({ description: 'Ids that are no level.' }),
  }),
  'SolvabilityBatch',
);

const DESCRIPTION =
  'Which active words of the level’s language, linked to each of its letter groups, meet its check condition, required letter and position; the verdict (solvable, too-few-words, unsolvable) is the worst letter group’s, with its reason. Read-only; rate-limited per admin.';

const common = {
  tag: 'Levels',
  caller: 'admin',
  panel: 'read',
  description: DESCRIPTION,
  rateLimit: { keyPrefix: 'solvability', ...SOLVABILITY_LIMIT, message: tooMany('solvability') },
} as const satisfies Partial<OperationSpec>;

export const ofValues = declare({
  ...common,
  method: 'post',
  path: '/levels/cms/solvability',
  operationId: 'levelSolvabilityOfValues',
  summary: 'Solvability of a level’s values, saved or not',
  body: { schema: solvabilityRequest, limit: BODY_LIMIT, what: 'solvability request' },
  responses: {
    200: { description: 'The verdict.', schema: answer },
    404: {
      description: 'The language, the level or a letter group named does not exist.',
      schema: errorSchema,
    },
  },
});

export const batchOfLevels = declare({
  ...common,
  method: 'get',
  path: '/levels/cms/solvability',
  operationId: 'levelSolvabilityBatch',
  summary: 'Verdicts of many stored levels (a list page)',
  query: {
    schema: z.strictObject({
      ids: z
        .string()
        .regex(/^\d{1,10}(,\d{1,10})*$/)
        .transform((raw) => raw.split(',').map(Number))
        .pipe(z.array(z.int().min(1).max(INT_MAX)).min(1).max(MAX_SOLVABILITY_BATCH))
        .transform((ids) => [...new Set(ids)])
        .meta({ description: `Up to ${MAX_SOLVABILITY_BATCH} level ids, separated by commas.` }),
    }),
  },
  responses: { 200: { description: 'One summary per level found.', schema: batch } },
});

export const ofLevel = declare({
  ...common,
  method: 'get',
  path: '/levels/cms/:id/solvability',
  operationId: 'levelSolvability',
  summary: 'Solvability of a stored level',
  params: idParams('level id'),
  responses: {
    200: { description: 'The verdict.', schema: answer },
    404: { description: 'No such level.', schema: errorSchema },
  },
});

/** `solvable` on the level list and export: yes keeps the solvable levels, no the others. */
export const solvableQuery = {
  [SOLVABLE_FILTER]: emptyIsAbsent(z.enum(SOLVABLE_CHOICES)).meta({
    description:
      'yes keeps the levels whose verdict is solvable, no those with too few words or unsolvable (see /levels/cms/solvability). Empty means no filter.',
  }),
};

export { MAX_SOLVABILITY_GROUPS };
