import * as z from 'zod';
import * as releases from '#shared/releases/api.ts';
import { bundleSchema, BUNDLE_FORMAT } from '#shared/releases/bundle.ts';
import { BODY_LIMIT } from '../http/json-body.ts';
import { declare, idParams, idOf, type OperationSpec } from '../http/operation.ts';
import { tooMany } from '../http/per-admin-limit.ts';
import { errorSchema, named } from '../openapi/components.ts';
import { PLAYER_HEADER } from './reader.ts';

/**
 * Releases (issue 45): the game's two reads, and under `releases/cms` the list, the draft's check
 * and diff, publishing (a background job), publish jobs, scheduled publishes, a release, its diff,
 * rollback and widening a staged rollout. Every account reads; administrators publish, schedule,
 * widen and roll back; game tokens read bundles and nothing else.
 */

export const RELEASES_TAG = {
  name: 'Releases',
  description: `What the game reads: immutable, numbered snapshots of the content per language (bundle format ${BUNDLE_FORMAT}), published from the draft (the tables the rest of this API edits) behind a check, rolled back in one step. Game tokens (permission set \`game\`) read bundles and nothing else; every account reads releases and diffs; administrators publish, schedule, widen and roll back.`,
};

/** Per account or token: a publish or dry run reads every row of the content. */
export const RELEASE_LIMITS = {
  publish: { keyPrefix: 'release-publish', points: 60, duration: 10 * 60, message: tooMany('release') },
  read: { keyPrefix: 'release-read', points: 240, duration: 60, message: tooMany('release') },
};

const error = (description: string) => ({ description, schema: errorSchema });
const reads = {
  tag: RELEASES_TAG.name,
  caller: 'admin',
  panel: 'read',
  rateLimit: RELEASE_LIMITS.read,
} as const satisfies Partial<OperationSpec>;
const changes = {
  tag: RELEASES_TAG.name,
  caller: 'administrator',
  administers: 'publish, schedule, widen or roll back releases',
  panel: 'write',
} as const satisfies Partial<OperationSpec>;
const release = named(releases.releaseSchema, 'Release');
const schedule = named(releases.scheduleSchema, 'ReleaseSchedule');
const publishJob = named(releases.publishJobSchema, 'PublishJob');
const stateAnswer = named(
  z.object({ state: named(releases.releaseStateSchema, 'ReleaseState'), release: release.nullable() }),
  'ReleaseStateAnswer',
);
const numberParam = z.strictObject({ number: idOf('release number') });
const noRelease = { 404: error('No such release (or pruned).') };

const bundleAnswer = (cache: string) => ({
  description: `The bundle (JSON, format ${BUNDLE_FORMAT}), in the encoding Accept-Encoding prefers: br and gzip are computed once, at publish. ${cache}`,
  schema: named(bundleSchema, 'ReleaseBundle'),
  headers: {
    ETag: { description: 'Strong: the SHA-256 of the uncompressed bundle, base64url.', schema: z.string() },
    'X-Release': { description: 'The release number.', schema: z.int() },
    'X-Release-Format': { description: 'The bundle format.', schema: z.int() },
    'Cache-Control': { description: 'How long it may be kept.', schema: z.string() },
  },
});
const gameAnswers = {
  304: { description: 'If-None-Match names the bundle’s ETag: nothing to send.' },
  404: error('Nothing published yet, no such release (or pruned), or no bundle of that language (inactive).'),
};
const game = {
  tag: RELEASES_TAG.name,
  caller: 'release-reader',
  playerHeader: true,
} as const satisfies Partial<OperationSpec>;

export const currentBundle = declare({
  ...game,
  method: 'get',
  path: '/releases/current/:languageId',
  operationId: 'getCurrentBundle',
  summary: 'The current release of a language (the game’s read)',
  description: `What players get now. Send \`${PLAYER_HEADER}\` (the player’s id): during a staged rollout the share of players it names get the staged release, the same players every time. \`Cache-Control: no-cache\`: revalidate with If-None-Match (a 304 costs next to nothing); \`Content-Location\` names the release’s own, immutable address.`,
  params: z.strictObject({ languageId: idOf('language id') }),
  responses: {
    200: bundleAnswer('Cache-Control: no-cache; Vary: Accept-Encoding, X-Player-Id.'),
    ...gameAnswers,
  },
});

export const givenBundle = declare({
  ...game,
  method: 'get',
  path: '/releases/:number/:languageId',
  operationId: 'getBundle',
  summary: 'A given release of a language',
  description: 'A release never changes: `Cache-Control: public, max-age=31536000, immutable`.',
  params: z.strictObject({ number: idOf('release number'), languageId: idOf('language id') }),
  responses: { 200: bundleAnswer('Cache-Control: public, max-age=31536000, immutable.'), ...gameAnswers },
});

export const listReleases = declare({
  ...reads,
  method: 'get',
  path: '/releases/cms',
  operationId: 'listReleases',
  summary: 'Releases',
  description:
    'Which release the game gets (current, previous, staged and its share), the latest 100 releases newest first with their languages’ sizes and counts, the schedules, the latest publish jobs and the retention.',
  responses: {
    200: { description: 'The releases.', schema: named(releases.releaseListSchema, 'ReleaseList') },
  },
});

export const publishRelease = declare({
  tag: RELEASES_TAG.name,
  caller: 'admin',
  panel: 'write',
  rateLimit: RELEASE_LIMITS.publish,
  method: 'post',
  path: '/releases/cms',
  operationId: 'publishRelease',
  summary: 'Publish the draft (or check it: dryRun)',
  description:
    'Checks the draft — every active level solvable, no lint finding of error severity (an inactive stage, language or letter group used by an active level, a condition the game cannot read, a level without letter groups), no link to a missing row — and diffs it against the current release. With findings it is refused (422, naming them) unless an administrator forces it with a reason, which the release records. Otherwise a publish job builds the release in the background (one at a time across instances) and switches the game to it in one transaction; `share` below 100 stages it for that share of players first. A dry run answers the check and the diff and publishes nothing (every account may ask one); a real publish and a force are an administrator’s.',
  body: {
    schema: named(releases.publishRequestSchema, 'PublishRequest'),
    limit: BODY_LIMIT,
    what: 'publish request',
  },
  responses: {
    200: {
      description: 'A dry run: the findings and the diff.',
      schema: named(releases.publishAnswerSchema, 'PublishAnswer'),
    },
    202: {
      description: 'The publish job, queued; Location names it.',
      schema: releases.publishAnswerSchema,
      headers: { Location: { description: 'The job’s address.', schema: z.string() } },
    },
    409: error('Another publish is still running.'),
    422: {
      description: 'Refused: the draft has findings (`message` and `findings` name them).',
      schema: named(releases.refusedPublishSchema, 'RefusedPublish'),
    },
  },
});

export const releaseDraft = declare({
  ...reads,
  method: 'get',
  path: '/releases/cms/draft',
  operationId: 'getReleaseDraft',
  summary: 'The draft’s pending changes and findings',
  description:
    'The check and the diff a publish would make now, kept until the content or the current release changes. A check under way for more than a few seconds (at once with `wait=false`) answers the last one marked `stale`.',
  query: {
    schema: z.strictObject({
      wait: z
        .enum(['true', 'false'])
        .transform((v) => v === 'true')
        .pipe(z.boolean())
        .default(true),
    }),
  },
  responses: {
    200: {
      description: 'Findings and the diff against the current release.',
      schema: named(releases.draftSchema, 'ReleaseDraft'),
    },
    202: error('The first check is still running: ask again in a few seconds.'),
  },
});

export const listPublishJobs = declare({
  ...reads,
  method: 'get',
  path: '/releases/cms/jobs',
  operationId: 'listPublishJobs',
  summary: 'Publish jobs',
  description: 'The latest publish jobs, newest first.',
  responses: { 200: { description: 'The jobs.', schema: z.object({ content: z.array(publishJob) }) } },
});

export const getPublishJob = declare({
  ...reads,
  method: 'get',
  path: '/releases/cms/jobs/:id',
  operationId: 'getPublishJob',
  summary: 'A publish job',
  description:
    'Its status (queued, running, done, failed — with the refusal or error —, interrupted), languages done of total, and the release once done.',
  params: idParams('publish job id'),
  responses: { 200: { description: 'The job.', schema: publishJob }, 404: error('No such publish job.') },
});

export const listSchedules = declare({
  ...reads,
  method: 'get',
  path: '/releases/cms/schedules',
  operationId: 'listReleaseSchedules',
  summary: 'Scheduled publishes',
  description: 'Pending ones soonest first, then the latest others with how they went.',
  responses: { 200: { description: 'The schedules.', schema: z.object({ content: z.array(schedule) }) } },
});

export const scheduleRelease = declare({
  ...changes,
  method: 'post',
  path: '/releases/cms/schedules',
  operationId: 'scheduleRelease',
  summary: 'Publish the draft at a given time',
  description:
    'At `at` (checked every few seconds by every instance; the first runs it) the draft is checked and published as `POST releases/cms` would; with findings it fails unless forced with a reason.',
  body: {
    schema: named(releases.scheduleRequestSchema, 'ScheduleRequest'),
    limit: BODY_LIMIT,
    what: 'schedule',
  },
  responses: { 201: { description: 'The schedule.', schema: schedule } },
});

export const cancelSchedule = declare({
  ...changes,
  method: 'delete',
  path: '/releases/cms/schedules/:id',
  operationId: 'cancelReleaseSchedule',
  summary: 'Cancel a scheduled publish',
  description: 'Only a pending one.',
  params: idParams('schedule id'),
  responses: {
    200: { description: 'Cancelled.', schema: schedule },
    404: error('No such schedule.'),
    409: error('Not pending.'),
  },
});

export const getRelease = declare({
  ...reads,
  method: 'get',
  path: '/releases/cms/:number',
  operationId: 'getRelease',
  summary: 'A release',
  description:
    'Who published it, when, its notes, its content hash, a forced publish’s reason and findings, and each language’s bundle (hash, sizes, counts).',
  params: numberParam,
  responses: { 200: { description: 'The release.', schema: release }, ...noRelease },
});

export const diffRelease = declare({
  ...reads,
  method: 'get',
  path: '/releases/cms/:number/diff',
  operationId: 'diffRelease',
  summary: 'What a release changed',
  description:
    'Against `against` (default: the release before it): counts per table, and the rows added, removed and changed with their changed fields, named as people know them (`level 3 of stage 1`, `"tap"`), never by id. A link is listed only when both its rows are in both releases.',
  params: numberParam,
  query: { schema: z.strictObject({ against: idOf('release number').optional() }) },
  responses: {
    200: { description: 'The diff.', schema: named(releases.diffSchema, 'ReleaseDiff') },
    ...noRelease,
  },
});

export const rollbackRelease = declare({
  ...changes,
  method: 'post',
  path: '/releases/cms/:number/rollback',
  operationId: 'rollbackRelease',
  summary: 'Make a release current again',
  description:
    'In one transaction: the game gets this release from its next request, on every instance; the current one becomes the previous. Rolling back to the current release ends a staged rollout. Audited, and logged as the security event `release.rolled_back`.',
  params: numberParam,
  body: {
    schema: named(releases.rollbackRequestSchema, 'RollbackRequest'),
    limit: BODY_LIMIT,
    what: 'rollback',
    optional: true,
  },
  responses: { 200: { description: 'The new state.', schema: stateAnswer }, ...noRelease },
});

export const widenRelease = declare({
  ...changes,
  method: 'post',
  path: '/releases/cms/:number/widen',
  operationId: 'widenRelease',
  summary: 'Widen a staged rollout',
  description:
    'The staged release goes to `share` per cent of players (those who had it keep it); at 100 it becomes current.',
  params: numberParam,
  body: { schema: named(releases.widenRequestSchema, 'WidenRequest'), limit: BODY_LIMIT, what: 'widening' },
  responses: {
    200: { description: 'The new state.', schema: stateAnswer },
    409: error('That release is not being rolled out.'),
  },
});
