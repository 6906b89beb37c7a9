import * as z from 'zod';

/** Most word ids (to link) and link ids (to remove) one apply may name. */
export const MAX_APPLY_IDS = 20_000;
/** Jobs the jobs list answers, newest first. */
export const RECENT_JOBS = 20;

const ids = (what: string) =>
  z
    .array(z.int().positive(), { error: `must be a list of ${what}` })
    .max(MAX_APPLY_IDS, { error: `must hold at most ${MAX_APPLY_IDS} ${what}` });

export const plannedWordSchema = z.object({ wordId: z.int(), letters: z.string() });
export const plannedRemovalSchema = z.object({
  id: z.int().meta({ description: 'The link (letter group-word) to remove.' }),
  wordId: z.int(),
  letters: z.string().nullable().meta({ description: 'Null when the word is gone.' }),
});

/** `GET letter-groups/cms/{id}/link-plan`: what `links build` would change for one group. */
export const linkPlanSchema = z
  .object({
    letterGroup: z.object({
      id: z.int(),
      letters: z.string(),
      languageId: z.int(),
      stageId: z.int().nullable(),
      isActive: z.boolean(),
    }),
    reuseLetters: z.boolean(),
    buildable: z.int().meta({ description: 'Active words of the language buildable from the letters.' }),
    kept: z.int().meta({ description: 'Links that are right as they are.' }),
    add: z.array(plannedWordSchema).meta({ description: 'Buildable words without a link yet.' }),
    remove: z.array(plannedRemovalSchema).meta({ description: 'Links to words that do not qualify.' }),
  })
  .meta({ title: 'LinkPlan' });

/** `POST letter-groups/cms/{id}/link-plan`: the selection of the plan to apply, in one batch. */
export const applyLinksRequestSchema = z
  .strictObject({
    add: ids('word ids').optional(),
    remove: ids('link ids').optional(),
    reuseLetters: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .meta({ title: 'ApplyLinksRequest' });

export const applyLinksResponseSchema = z
  .object({
    created: z.int(),
    unchanged: z.int().meta({ description: 'Words linked already (by someone else meanwhile).' }),
    rejected: z.int(),
    removed: z.int(),
    refused: z.int(),
    changeSetId: z.string().nullable().meta({ description: 'The change set holding the batch (undo).' }),
    problems: z.array(z.string()).meta({ description: 'Each rejected or refused row and why.' }),
  })
  .meta({ title: 'ApplyLinksResponse' });

const filterValue = z.union([z.string(), z.number(), z.boolean()]);

/** `POST letter-groups/cms/link-jobs`: every group of the list's filters, in the background. */
export const linkJobRequestSchema = z
  .strictObject({
    where: z.record(z.string(), filterValue, {
      error: 'must map the letter-group list’s filters to values',
    }),
    prune: z.boolean({ error: 'must be true or false' }).optional(),
    reuseLetters: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .meta({ title: 'LinkJobRequest' });

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'interrupted'] as const;

export const linkJobResultSchema = z.object({
  groups: z.int().meta({ description: 'Active letter groups planned.' }),
  skipped: z.int().meta({ description: 'Inactive letter groups the filters named (not linked).' }),
  created: z.int(),
  unchanged: z.int(),
  rejected: z.int(),
  pruned: z.int(),
  outdated: z.int().meta({ description: 'Links that do not qualify, left in place without prune.' }),
});

export const linkJobSchema = z
  .object({
    id: z.int(),
    status: z.enum(JOB_STATUSES),
    params: linkJobRequestSchema,
    done: z.int().meta({ description: 'Letter groups finished.' }),
    total: z.int().meta({ description: 'Letter groups to do (0 until counted).' }),
    result: linkJobResultSchema.nullable().meta({ description: 'Counts so far, final once done.' }),
    error: z.string().nullable(),
    username: z.string(),
    languages: z.array(z.int()).nullable().meta({
      description:
        'The languages it may touch: its languageId filter, else those of the account that started it (null: every language). Only accounts reaching all of them see the job.',
    }),
    changeSetId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    finishedAt: z.string().nullable(),
    instance: z.string().nullable().optional().meta({
      description:
        'The server instance (host/pid/tag) that runs the job, or ran it: restarting that instance interrupts it.',
    }),
  })
  .meta({ title: 'LinkJob' });

export const linkJobListSchema = z.object({ content: z.array(linkJobSchema) }).meta({ title: 'LinkJobList' });

export type LinkPlan = z.infer<typeof linkPlanSchema>;
export type ApplyLinksRequest = z.infer<typeof applyLinksRequestSchema>;
export type ApplyLinksResponse = z.infer<typeof applyLinksResponseSchema>;
export type LinkJobRequest = z.infer<typeof linkJobRequestSchema>;
export type LinkJobResult = z.infer<typeof linkJobResultSchema>;
export type LinkJob = z.infer<typeof linkJobSchema>;
export type JobStatus = (typeof JOB_STATUSES)[number];
