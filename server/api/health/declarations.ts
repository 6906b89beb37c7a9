import * as z from 'zod';
import { FINDING_LABELS } from '#shared/health-report.ts';
import { difficultyFindingsSchema } from '../difficulty/declarations.ts';
import { declare } from '../http/operation.ts';
import { named } from '../openapi/components.ts';

/** Requests per admin and minute: the report is cheap when warm, but a cold run reads every link. */
export const HEALTH_RATE = { points: 60, duration: 60 };

const findingList = z
  .object({ entity: z.string(), filters: z.record(z.string(), z.string()), id: z.int().min(1).optional() })
  .meta({
    description:
      "The panel list (entity screen and its filters) that shows the row; with `id`, the row's own form.",
  });

const finding = z.object({
  kind: z.enum(Object.keys(FINDING_LABELS) as [string, ...string[]]),
  count: z.int().min(1),
  samples: z
    .array(z.object({ entity: z.string(), id: z.int(), message: z.string(), list: findingList }))
    .max(5),
  all: findingList
    .optional()
    .meta({ description: 'The panel list that shows every row of this kind, when a list filter can.' }),
});

export const healthReportSchema = named(
  z.object({
    generatedAt: z.iso.datetime(),
    counts: z.object({
      tables: z.record(z.string(), z.int()).meta({ description: 'Rows per content resource.' }),
      byLanguageStage: z.array(
        z.object({
          languageId: z.int(),
          language: z.string(),
          stageId: z.int(),
          stageNumber: z.int(),
          levels: z.int(),
          letterGroups: z.int(),
        }),
      ),
      wordsByLanguage: z.array(z.object({ languageId: z.int(), language: z.string(), words: z.int() })),
    }),
    findings: z
      .object({ computedAt: z.iso.datetime(), stale: z.boolean(), kinds: z.array(finding) })
      .nullable()
      .meta({
        description:
          'The `argus-words lint` findings. Null while the first run is under way; `stale` when content changed since and a new run goes on.',
      }),
    difficulty: difficultyFindingsSchema.optional(),
    activity: z
      .array(
        z.object({
          id: z.int(),
          at: z.string(),
          username: z.string(),
          action: z.string(),
          resource: z.string(),
          entityId: z.int(),
        }),
      )
      .max(10),
    editsPerDay: z.array(z.object({ day: z.iso.date(), edits: z.int() })).length(30),
  }),
  'HealthReport',
);

export const contentHealth = declare({
  method: 'get',
  path: '/health/cms',
  operationId: 'getContentHealth',
  tag: 'Content Health',
  caller: 'admin',
  panel: 'read',
  rateLimit: {
    keyPrefix: 'health',
    ...HEALTH_RATE,
    message: (seconds) => `Too many health reports; try again in ${seconds} s`,
  },
  summary: 'Content health report',
  description:
    'Rows per table and per language/stage, the lint findings (unsolvable levels, letter groups without words, ' +
    'orphans, duplicates, inactive references, letter groups whose length differs from their stage) with counts, ' +
    'samples and the panel list that shows each, the latest audit entries and audited writes per day over 30 days. ' +
    'An account that is no administrator gets what it may read: its tables, and when limited to some languages ' +
    'their rows only (counts, findings, the latest entries of its history over 30 days and its writes per day). ' +
    `At most ${HEALTH_RATE.points} requests per admin and minute. Takes no parameters.`,
  responses: { 200: { description: 'The report.', schema: healthReportSchema } },
});
