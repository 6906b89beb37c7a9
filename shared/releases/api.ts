import * as z from 'zod';

/**
 * The wire formats of releases (issue 45): publishing, the list, one release, diffs, the draft,
 * schedules and the publish job. One description for the server's validation, OpenAPI, the typed
 * client, the panel and the CLI. The bundle the game reads is bundle.ts.
 */

import { DIFF_TABLES, FINDINGS_LISTED, NOTES_MAX, REASON_MAX, type DiffTable } from './tables.ts';

export * from './tables.ts';

const reason = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'Say why the findings may go to players')
  .max(REASON_MAX, `must be at most ${REASON_MAX} characters`);

const share = z
  .int({ error: 'must be a whole percentage' })
  .min(1, 'must be from 1 to 100 (per cent of players)')
  .max(100, 'must be from 1 to 100 (per cent of players)');

/** `POST releases/cms`: publish the draft (or only check it, with dryRun). */
export const publishRequestSchema = z
  .strictObject({
    notes: z.string({ error: 'must be text' }).max(NOTES_MAX, `must be at most ${NOTES_MAX} characters`),
    dryRun: z.boolean({ error: 'must be true or false' }).optional(),
    force: z
      .boolean({ error: 'must be true or false' })
      .optional()
      .meta({ description: 'Publish despite findings (administrators; `reason` required, recorded).' }),
    reason: reason.optional(),
    share: share.optional().meta({
      description: 'Staged rollout: the share of players (by player id) who get it first; 100 by default.',
    }),
  })
  .refine((body) => !body.force || body.reason !== undefined, {
    message: 'A forced publish needs a reason',
    path: ['reason'],
  })
  .meta({ title: 'PublishRequest' });
export type PublishRequest = z.infer<typeof publishRequestSchema>;

export const scheduleRequestSchema = z
  .strictObject({
    at: z.iso.datetime({
      error: 'must be a time in ISO 8601 with its zone (2025-06-01T09:00:00Z)',
      offset: true,
    }),
    notes: z.string({ error: 'must be text' }).max(NOTES_MAX, `must be at most ${NOTES_MAX} characters`),
    force: z.boolean({ error: 'must be true or false' }).optional(),
    reason: reason.optional(),
    share: share.optional(),
  })
  .refine((body) => !body.force || body.reason !== undefined, {
    message: 'A forced publish needs a reason',
    path: ['reason'],
  })
  .meta({ title: 'ScheduleRequest' });
export type ScheduleRequest = z.infer<typeof scheduleRequestSchema>;

export const rollbackRequestSchema = z
  .strictObject({ reason: z.string().trim().max(REASON_MAX).optional() })
  .meta({ title: 'RollbackRequest' });

export const widenRequestSchema = z.strictObject({ share }).meta({ title: 'WidenRequest' });

export const findingSchema = z
  .object({
    kind: z.string().meta({
      description:
        'unsolvable-level, condition-not-understood, level-without-letter-groups, inactive-reference, missing-reference.',
    }),
    entity: z.enum(['level', 'letter-group', 'word', 'stage', 'language']),
    id: z.int(),
    message: z.string().meta({ description: 'Names the row, its language and what is wrong.' }),
  })
  .meta({ title: 'ReleaseFinding' });
export type Finding = z.infer<typeof findingSchema>;

export const findingsSchema = z
  .object({
    total: z.int(),
    listed: z.array(findingSchema).meta({ description: `The first ${FINDINGS_LISTED}, by kind and id.` }),
  })
  .meta({ title: 'ReleaseFindings' });
export type Findings = z.infer<typeof findingsSchema>;

const change = z.object({ from: z.unknown(), to: z.unknown() });

export const diffRowSchema = z
  .object({
    table: z.enum(DIFF_TABLES),
    action: z.enum(['added', 'removed', 'changed']),
    language: z.string().nullable().meta({ description: 'Null for stages (shared by every language).' }),
    name: z.string().meta({ description: 'The row by its names, never its ids: `level 3 of stage 1`.' }),
    fields: z.record(z.string(), change).optional().meta({ description: 'What changed: from → to.' }),
  })
  .meta({ title: 'DiffRow' });
export type DiffRow = z.infer<typeof diffRowSchema>;

export const tableCountsSchema = z.object({ added: z.int(), removed: z.int(), changed: z.int() });
export type TableCounts = z.infer<typeof tableCountsSchema>;

export const diffSchema = z
  .object({
    from: z.int().nullable().meta({ description: 'The earlier release; null: nothing published.' }),
    to: z.union([z.int(), z.literal('draft')]),
    tables: z.strictObject(
      // Each table a property of its own: a record over an enum documents none, only `required`.
      Object.fromEntries(DIFF_TABLES.map((table) => [table, tableCountsSchema])) as Record<
        DiffTable,
        typeof tableCountsSchema
      >,
    ),
    /** Rows added, removed and changed, at most DIFF_ROWS_PER_TABLE per table and language. */
    rows: z.array(diffRowSchema),
    truncated: z.int().meta({ description: 'Rows counted but not listed.' }),
    changes: z.int().meta({ description: 'Every row added, removed or changed.' }),
  })
  .meta({ title: 'ReleaseDiff' });
export type ReleaseDiff = z.infer<typeof diffSchema>;

export const languageBundleSchema = z
  .object({
    languageId: z.int(),
    language: z.string(),
    hash: z.string().meta({ description: 'SHA-256 of the bundle (base64url): its ETag.' }),
    bytes: z.int(),
    gzipBytes: z.int(),
    brBytes: z.int(),
    counts: z.object({
      stages: z.int(),
      levels: z.int(),
      letterGroups: z.int(),
      words: z.int(),
      links: z.int(),
    }),
  })
  .meta({ title: 'ReleaseLanguage' });
export type LanguageBundle = z.infer<typeof languageBundleSchema>;

export const RELEASE_ROLES = ['current', 'staged', 'previous'] as const;

export const releaseSchema = z
  .object({
    number: z.int(),
    contentHash: z.string().meta({ description: 'SHA-256 over the languages’ hashes.' }),
    notes: z.string(),
    publishedAt: z.string(),
    username: z.string(),
    forcedReason: z.string().nullable().meta({ description: 'Why it was published despite findings.' }),
    forcedFindings: findingsSchema.nullable(),
    role: z.enum(RELEASE_ROLES).nullable().meta({ description: 'What the game gets it as now.' }),
    languages: z.array(languageBundleSchema),
  })
  .meta({ title: 'Release' });
export type Release = z.infer<typeof releaseSchema>;

export const releaseStateSchema = z
  .object({
    current: z.int().nullable(),
    previous: z.int().nullable(),
    staged: z.object({ number: z.int(), share: z.int() }).nullable(),
    switchedAt: z.string().nullable(),
  })
  .meta({ title: 'ReleaseState' });
export type ReleaseState = z.infer<typeof releaseStateSchema>;

export const SCHEDULE_STATUSES = ['pending', 'started', 'cancelled', 'failed'] as const;

export const scheduleSchema = z
  .object({
    id: z.int(),
    at: z.string(),
    notes: z.string(),
    forcedReason: z.string().nullable(),
    share: z.int(),
    username: z.string(),
    status: z.enum(SCHEDULE_STATUSES),
    error: z.string().nullable(),
    jobId: z.int().nullable(),
  })
  .meta({ title: 'ReleaseSchedule' });
export type Schedule = z.infer<typeof scheduleSchema>;

export const publishJobSchema = z
  .object({
    id: z.int(),
    status: z.enum(['queued', 'running', 'done', 'failed', 'interrupted']),
    done: z.int().meta({ description: 'Languages built.' }),
    total: z.int(),
    release: z.int().nullable().meta({ description: 'The release it published, once done.' }),
    error: z.string().nullable(),
    username: z.string(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    instance: z.string().nullable(),
  })
  .meta({ title: 'PublishJob' });
export type PublishJob = z.infer<typeof publishJobSchema>;

export const releaseListSchema = z
  .object({
    state: releaseStateSchema,
    releases: z.array(releaseSchema).meta({ description: 'Newest first.' }),
    schedules: z.array(scheduleSchema).meta({ description: 'Pending first, then the latest others.' }),
    jobs: z.array(publishJobSchema).meta({ description: 'The latest publish jobs, newest first.' }),
    retention: z.int().meta({ description: 'Releases kept (RELEASE_RETENTION).' }),
  })
  .meta({ title: 'ReleaseList' });
export type ReleaseList = z.infer<typeof releaseListSchema>;

export const draftSchema = z
  .object({
    computedAt: z.string(),
    stale: z.boolean().meta({ description: 'The draft changed since; a new check is under way.' }),
    findings: findingsSchema,
    diff: diffSchema,
  })
  .meta({ title: 'ReleaseDraft' });
export type Draft = z.infer<typeof draftSchema>;

export const publishAnswerSchema = z
  .object({
    dryRun: z.boolean(),
    findings: findingsSchema,
    diff: diffSchema,
    job: publishJobSchema.nullable().meta({ description: 'The publish job (null for a dry run).' }),
  })
  .meta({ title: 'PublishAnswer' });
export type PublishAnswer = z.infer<typeof publishAnswerSchema>;

/** `POST releases/cms` refused (422): why, the findings, and the diff the publish would have made. */
export const refusedPublishSchema = z
  .object({ message: z.string(), findings: findingsSchema, diff: diffSchema })
  .meta({ title: 'RefusedPublish' });
