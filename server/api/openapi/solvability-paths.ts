import {
  MAX_SOLVABILITY_BATCH,
  MAX_SOLVABILITY_GROUPS,
  SOLVABLE_CHOICES,
  SOLVABLE_FILTER,
} from '#shared/solvability-request.ts';
import { SOLVABILITY_VERDICTS } from '#shared/solvability.ts';
import { SOLVABILITY_LIMIT } from '../solvability/routes.ts';
import {
  BAD_ID,
  body,
  COMMON_ERRORS,
  error,
  extensionOp,
  ID_PARAM,
  json,
  ref,
  type Json,
} from './fragments.ts';

const TAG = 'Levels';
const COMMON = {
  ...COMMON_ERRORS,
  429: error(
    `More than ${SOLVABILITY_LIMIT.points} solvability requests in ${SOLVABILITY_LIMIT.duration} s by this admin; Retry-After says when to try again.`,
  ),
};

const verdict = { type: 'string', enum: [...SOLVABILITY_VERDICTS] };
const count = { type: 'integer', minimum: 0 };

const GROUP = {
  type: 'object',
  required: [
    'letterGroupId',
    'letters',
    'isActive',
    'verdict',
    'reason',
    'words',
    'usable',
    'available',
    'required',
  ],
  properties: {
    letterGroupId: { type: 'integer' },
    letters: { type: 'string' },
    isActive: { type: 'boolean' },
    verdict: {
      oneOf: [verdict, { type: 'null' }],
      description: 'Null for an inactive letter group (not played).',
    },
    reason: { type: 'string' },
    words: { ...count, description: 'Its active linked words of the level language.' },
    usable: { ...count, description: 'Those meeting the per-word rules (letters, required letter).' },
    available: { ...count, description: 'The most that can be entered together.' },
    required: count,
    requiredLetter: {
      type: ['string', 'null'],
      description: 'The letter its required letter position fixes.',
    },
  },
};

const ANSWER = {
  type: 'object',
  required: ['verdict', 'reason', 'count', 'sample', 'required', 'unknown', 'groups'],
  properties: {
    verdict,
    reason: { type: 'string' },
    count: { ...count, description: 'Distinct usable words over the active letter groups.' },
    sample: { type: 'array', items: { type: 'string' }, description: 'Up to 20 of them, alphabetically.' },
    required: count,
    unknown: {
      type: 'array',
      items: { type: 'string' },
      description: 'Parts of the condition not understood.',
    },
    groups: { type: 'array', items: GROUP },
  },
};

const BATCH = {
  type: 'object',
  required: ['levels', 'missing'],
  properties: {
    levels: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'verdict', 'reason', 'count', 'required'],
        properties: { id: { type: 'integer' }, verdict, reason: { type: 'string' }, count, required: count },
      },
    },
    missing: { type: 'array', items: { type: 'integer' }, description: 'Ids that are no level.' },
  },
};

const REQUEST = {
  type: 'object',
  required: ['languageId'],
  properties: {
    id: {
      type: ['integer', 'null'],
      minimum: 1,
      description: 'A stored level: its linked letter groups are used.',
    },
    languageId: { type: 'integer', minimum: 1 },
    checkCondition: { type: 'string', maxLength: 200, default: '' },
    requiredLetterPosition: {
      type: 'integer',
      minimum: 0,
      maximum: 1000,
      default: 0,
      description: 'Which letter of a letter group is the required one, from 1; 0: not fixed.',
    },
    letterGroupIds: {
      type: 'array',
      maxItems: MAX_SOLVABILITY_GROUPS,
      items: { type: 'integer', minimum: 1 },
      description: 'Judge with these letter groups instead of the level’s links.',
    },
  },
  additionalProperties: { description: 'The level’s other fields may be sent along; they are ignored.' },
};

// Every operation tells the same story; it comes first, before the summary.
const DESCRIPTION =
  'Which active words of the level’s language, linked to each of its letter groups, meet its check condition, required letter and position; the verdict (solvable, too-few-words, unsolvable) is the worst letter group’s, with its reason. Read-only; rate-limited per admin.';
const op = (operationId: string, spec: Json) =>
  extensionOp(operationId, TAG, { description: DESCRIPTION, ...spec }, COMMON);

/** The solvability paths of levels. */
export const solvabilityPaths: Record<string, Json> = {
  '/levels/cms/solvability': {
    post: op('levelSolvabilityOfValues', {
      summary: 'Solvability of a level’s values, saved or not',
      requestBody: body(REQUEST),
      responses: {
        200: json(ANSWER, 'The verdict.'),
        400: json(ref('ValidationError'), 'A malformed or unknown value.'),
        413: error('The body is too large.'),
        415: error('The body is not JSON.'),
      },
    }),
    get: op('levelSolvabilityBatch', {
      summary: 'Verdicts of many stored levels (a list page)',
      parameters: [
        {
          name: 'ids',
          in: 'query',
          required: true,
          schema: { type: 'string', pattern: '^\\d+(,\\d+)*$' },
          description: `Up to ${MAX_SOLVABILITY_BATCH} level ids, separated by commas.`,
        },
      ],
      responses: {
        200: json(BATCH, 'One summary per level found.'),
        400: error('Missing, malformed or too many ids.'),
      },
    }),
  },
  '/levels/cms/{id}/solvability': {
    get: op('levelSolvability', {
      summary: 'Solvability of a stored level',
      parameters: [ID_PARAM],
      responses: {
        200: json(ANSWER, 'The verdict.'),
        ...BAD_ID,
        404: error('No such level.'),
      },
    }),
  },
};

/** `solvable=yes|no` on the level search (both spellings of its path). */
export function withSolvableFilter(paths: Record<string, Json>): void {
  for (const path of ['/levels/cms/search/', '/levels/cms/search', '/levels/cms/export']) {
    const get = (paths[path] as { get?: { parameters?: Json[] } } | undefined)?.get;
    if (!get || get.parameters?.some((p) => p.name === SOLVABLE_FILTER)) continue;
    get.parameters = [
      ...(get.parameters ?? []),
      {
        name: SOLVABLE_FILTER,
        in: 'query',
        schema: { type: 'string', enum: ['', ...SOLVABLE_CHOICES] },
        description:
          'Solvable: yes keeps the levels whose verdict is solvable, no those with too few words or unsolvable (see /levels/cms/solvability). Empty means no filter. Extension of the SPEC §7 contract.',
      },
    ];
  }
}
