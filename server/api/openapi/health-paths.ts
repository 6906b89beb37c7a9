import { FINDING_LABELS } from '#shared/health.ts';

import { difficultyFindingsSchema } from './difficulty-paths.ts';
import { COMMON_ERRORS, error, json, ref, type Json } from './fragments.ts';

const int = { type: 'integer' };
const text = { type: 'string' };
const object = (properties: Json, extra: Json = {}) => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
  ...extra,
});

const findingList = object(
  { entity: text, filters: { type: 'object', additionalProperties: text } },
  {
    description:
      "The panel list (entity screen and its filters) that shows the row; with `id`, the row's own form.",
  },
);
// `id` is optional: a list narrows to most rows by its filters.
(findingList.properties as Json).id = { ...int, minimum: 1 };

const finding = object({
  kind: { type: 'string', enum: Object.keys(FINDING_LABELS) },
  count: { ...int, minimum: 1 },
  samples: {
    type: 'array',
    maxItems: 5,
    items: object({
      entity: text,
      id: int,
      message: text,
      list: findingList,
    }),
  },
});
// `all` is optional: only kinds a list filter can show in full have it.
(finding.properties as Json).all = {
  ...findingList,
  description: 'The panel list that shows every row of this kind, when a list filter can.',
};

/** The report's schema, as `components.schemas.HealthReport`. */
export const healthReportSchema = object({
  generatedAt: { type: 'string', format: 'date-time' },
  counts: object({
    tables: { type: 'object', additionalProperties: int, description: 'Rows per content resource.' },
    byLanguageStage: {
      type: 'array',
      items: object({
        languageId: int,
        language: text,
        stageId: int,
        stageNumber: int,
        levels: int,
        letterGroups: int,
      }),
    },
    wordsByLanguage: { type: 'array', items: object({ languageId: int, language: text, words: int }) },
  }),
  findings: {
    oneOf: [
      object({
        computedAt: { type: 'string', format: 'date-time' },
        stale: { type: 'boolean' },
        kinds: { type: 'array', items: finding },
      }),
      { type: 'null' },
    ],
    description:
      'The `argus-words lint` findings. Null while the first run is under way; `stale` when content changed since and a new run goes on.',
  },
  activity: {
    type: 'array',
    maxItems: 10,
    items: object({ id: int, at: text, username: text, action: text, resource: text, entityId: int }),
  },
  editsPerDay: {
    type: 'array',
    minItems: 30,
    maxItems: 30,
    items: object({ day: { type: 'string', format: 'date' }, edits: int }),
  },
});

// `difficulty` is optional: an external API may not compute it.
(healthReportSchema.properties as Json).difficulty = difficultyFindingsSchema;

/** `GET /health/cms`: the panel home's content health report. */
export const healthPaths: Record<string, Json> = {
  '/health/cms': {
    get: {
      operationId: 'getContentHealth',
      tags: ['Content Health'],
      summary: 'Content health report',
      description:
        'Rows per table and per language/stage, the lint findings (unsolvable levels, letter groups without words, ' +
        'orphans, duplicates, inactive references, letter groups whose length differs from their stage) with counts, ' +
        'samples and the panel list that shows each, the latest audit entries and audited writes per day over 30 days. ' +
        'An account that is no administrator gets what it may read: its tables, and when limited to some languages ' +
        'their rows only (counts, findings, the latest entries of its history over 30 days and its writes per day). ' +
        'At most 60 requests per admin and minute. Extension of the SPEC §7 contract.',
      security: [{ bearerAuth: [] }],
      'x-extension': true,
      responses: {
        200: json(ref('HealthReport'), 'The report.'),
        400: error('A query parameter was given; the report takes none.'),
        ...COMMON_ERRORS,
        429: error('Too many reports in a minute; Retry-After says when to come back.'),
      },
    },
  },
};
