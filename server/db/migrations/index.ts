import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { content } from './0001-content.ts';
import { auth } from './0002-auth.ts';
import { audit } from './0003-audit.ts';
import { listOrderIndexes } from './0004-list-order-indexes.ts';
import { textSearch } from './0005-text-search.ts';
import { filterIndexes } from './0006-filter-indexes.ts';
import { changeCounters } from './0007-change-counters.ts';
import { changeSets } from './0008-change-sets.ts';
import { naturalKeys } from './0009-natural-keys.ts';
import { sortIndexes } from './0010-sort-indexes.ts';
import { trash } from './0013-trash.ts';
import { jobs } from './0014-jobs.ts';
import { auditUsernameSearch } from './0015-audit-username-search.ts';
import { accessNotices } from './0016-access-notices.ts';
import { team } from './0017-team.ts';
import { resultTimes } from './0018-result-times.ts';
import { jobLeases } from './0019-job-leases.ts';
import { reachAndOwners } from './0021-reach-and-owners.ts';
import { releases } from './0022-releases.ts';
import { releaseState } from './0023-release-state.ts';
import { releaseSchedules } from './0024-release-schedules.ts';
import { wordFlags } from './0026-word-flags.ts';
import { dictionaryChecks } from './0027-dictionary-checks.ts';
import { changeSetUsernames } from './0029-change-set-usernames.ts';

export interface Migration {
  /** Sorted by name: keep the numeric prefix. Never rename or edit a migration that has shipped. */
  name: string;
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

export const migrations: Migration[] = [
  content,
  auth,
  audit,
  listOrderIndexes,
  textSearch,
  filterIndexes,
  changeCounters,
  changeSets,
  naturalKeys,
  sortIndexes,
  trash,
  jobs,
  auditUsernameSearch,
  accessNotices,
  team,
  resultTimes,
  jobLeases,
  reachAndOwners,
  releases,
  releaseState,
  releaseSchedules,
  wordFlags,
  dictionaryChecks,
  changeSetUsernames,
];
