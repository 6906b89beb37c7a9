import * as z from 'zod';
import type { OperationSpec } from './http/operation.ts';
import { login, logout, refreshToken, verifyOtp } from './auth/declarations.ts';
import { changeSetEntries, getChangeSet, searchChangeSets, undoChangeSetOp } from './changes/declarations.ts';
import { levelDifficulty } from './difficulty/declarations.ts';
import { checkWords, decideWords, wordDictionaries } from './dictionary/declarations.ts';
import { contentHealth } from './health/declarations.ts';
import { restoreOp, revertEntryOp, searchTrash } from './history/declarations.ts';
import { applyLinkPlan, getLinkJob, linkPlan, listLinkJobs, startLinkJob } from './links/declarations.ts';
import { resourceDeclarations } from './resources/declarations.ts';
import * as releases from './releases/declarations.ts';
import { servedEntities } from './resources/served.ts';
import { batchOfLevels, ofLevel, ofValues } from './solvability/declarations.ts';
import * as team from './team/declarations.ts';

/**
 * Every operation of the content API, declared (issue 44): the one list the dispatcher serves
 * (each declaration implemented once: tests/api/contract.test.ts), the OpenAPI document is made
 * of, and the panel's proxy filters (server/proxy/allowed-routes.ts). Readable without a
 * database: the proxy in front of an external backend reads it too.
 */

export const openApiOperation = {
  method: 'get',
  path: '/openapi.json',
  operationId: 'openApiDocument',
  tag: 'Authentication',
  caller: 'anyone',
  summary: 'This document',
  description:
    'The OpenAPI 3.1 description of the content API, generated from the declarations the server serves.',
  responses: { 200: { description: 'The document.', schema: z.record(z.string(), z.unknown()) } },
} as const satisfies OperationSpec;

const releaseDeclarations: OperationSpec[] = [
  releases.currentBundle,
  releases.givenBundle,
  releases.listReleases,
  releases.publishRelease,
  releases.releaseDraft,
  releases.listPublishJobs,
  releases.getPublishJob,
  releases.listSchedules,
  releases.scheduleRelease,
  releases.cancelSchedule,
  releases.getRelease,
  releases.diffRelease,
  releases.rollbackRelease,
  releases.widenRelease,
];

let declared: readonly OperationSpec[] | null = null;

export function apiDeclarations(): readonly OperationSpec[] {
  declared ??= [
    openApiOperation,
    login,
    verifyOtp,
    refreshToken,
    logout,
    team.enrol,
    team.whoami,
    team.listAccounts,
    team.inviteAccount,
    team.getAccount,
    team.updateAccount,
    team.resetTwoFactor,
    team.endSessions,
    team.renewInvitation,
    team.listTokens,
    team.createToken,
    team.revokeToken,
    ...releaseDeclarations,
    linkPlan,
    applyLinkPlan,
    listLinkJobs,
    startLinkJob,
    getLinkJob,
    revertEntryOp,
    searchTrash,
    restoreOp,
    levelDifficulty,
    ofValues,
    batchOfLevels,
    ofLevel,
    checkWords,
    decideWords,
    wordDictionaries,
    ...servedEntities.flatMap((entity) => Object.values(resourceDeclarations(entity))),
    searchChangeSets,
    getChangeSet,
    changeSetEntries,
    undoChangeSetOp,
    contentHealth,
  ];
  return declared;
}

/**
 * The paths of each table that it offers nothing on (a table without bulk edits, the audit log's
 * writes): a 404 like any unknown path, never taken for an `{id}` (which would be a 400).
 */
export function reservedPaths(): string[] {
  const offered = new Set(apiDeclarations().map((spec) => spec.path.replace(/\/+$/, '')));
  return servedEntities.flatMap((entity) =>
    ['', '/search', '/export', '/bulk', '/bulk-update', '/bulk-delete']
      .map((part) => `/${entity.resource}/cms${part}`)
      .filter((path) => !offered.has(path)),
  );
}
