import type { AnyEntity } from '#shared/entities/index.ts';
import type {
  ApiClient,
  GenericResourceClient,
  ResourceCalls,
  ResourceClients,
} from '#shared/api-client/index.ts';

/**
 * Calls of every method of the API client, each with its optional parts left out and then all
 * given, so each query parameter, header and body field it can send is sent at least once. Typed
 * so that a method without calls here does not compile; the test also counts them at run time.
 */

export type Call<C> = (client: C) => Promise<unknown>;

/** An async iterable read to its end (`searchAll`, `exportAll`, `entriesAll`). */
async function drain(items: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of items);
}

type Area = Exclude<keyof ApiClient, keyof ResourceClients | 'resource'>;

const CHANGE_SET = '0b7e9e8a-4c1d-4f3e-9a55-2d6f0c1b7a10';

export const AREA_CALLS: { [A in Area]: Record<keyof ApiClient[A], Call<ApiClient>[]> } = {
  auth: {
    login: [(c) => c.auth.login({ username: 'ada', password: 'a-long-password' })],
    verifyOtp: [
      (c) => c.auth.verifyOtp({ username: 'ada', otp: '123456' }),
      (c) => c.auth.verifyOtp({ username: 'ada', otp: '123456' }, 'two-factor'),
    ],
    refresh: [(c) => c.auth.refresh()],
    logout: [(c) => c.auth.logout()],
  },
  changeSets: {
    list: [(c) => c.changeSets.list(), (c) => c.changeSets.list({ page: 2, size: 5, username: 'ada' })],
    get: [(c) => c.changeSets.get(CHANGE_SET)],
    entries: [
      (c) => c.changeSets.entries(CHANGE_SET),
      (c) => c.changeSets.entries(CHANGE_SET, { page: 2, size: 5 }),
    ],
    entriesAll: [(c) => drain(c.changeSets.entriesAll(CHANGE_SET))],
    undo: [
      (c) => c.changeSets.undo(CHANGE_SET),
      (c) => c.changeSets.undo(CHANGE_SET, { dryRun: true, force: true }),
    ],
  },
  health: { report: [(c) => c.health.report()] },
  difficulty: {
    ofStage: [
      (c) => c.difficulty.ofStage({ stageId: 1 }),
      (c) =>
        c.difficulty.ofStage({
          stageId: 1,
          languageId: 2,
          since: '2025-01-01T00:00:00.000Z',
          until: '2025-02-01T00:00:00.000Z',
          activePlayers: true,
        }),
    ],
  },
  dictionary: {
    check: [(c) => c.dictionary.check(1, ['cat', 'dog'])],
    decide: [
      (c) => c.dictionary.decide({ languageId: 1, words: ['cat'], decision: 'excluded', reason: 'a name' }),
      (c) => c.dictionary.decide({ languageId: 1, words: ['cat'], decision: null, reason: '' }),
    ],
    languages: [(c) => c.dictionary.languages()],
  },
  history: {
    revert: [(c) => c.history.revert(1)],
    trash: [(c) => c.history.trash(), (c) => c.history.trash({ page: 2, size: 5, entity: 'words' })],
    restore: [(c) => c.history.restore(1)],
  },
  solvability: {
    ofValues: [
      (c) => c.solvability.ofValues({ languageId: 1 }),
      (c) =>
        c.solvability.ofValues({
          id: 3,
          languageId: 1,
          checkCondition: '',
          requiredLetterPosition: 1,
          letterGroupIds: [1, 2],
        }),
    ],
    ofLevel: [(c) => c.solvability.ofLevel(1)],
    ofLevels: [(c) => c.solvability.ofLevels([1, 2])],
  },
  linkBuilder: {
    plan: [(c) => c.linkBuilder.plan(1), (c) => c.linkBuilder.plan(1, { reuseLetters: true })],
    apply: [
      (c) => c.linkBuilder.apply(1, {}),
      (c) => c.linkBuilder.apply(1, { add: [1], remove: [2], reuseLetters: true }),
    ],
    startJob: [
      (c) => c.linkBuilder.startJob({ where: {} }),
      (c) => c.linkBuilder.startJob({ where: { stageId: 1 }, prune: true, reuseLetters: true }),
    ],
    job: [(c) => c.linkBuilder.job(1)],
    jobs: [(c) => c.linkBuilder.jobs()],
  },
  team: {
    whoami: [(c) => c.team.whoami()],
    accounts: [(c) => c.team.accounts()],
    account: [(c) => c.team.account(2)],
    invite: [
      (c) => c.team.invite({ username: 'ada', permissions: 'editor' }),
      (c) => c.team.invite({ username: 'ada', permissions: 'viewer', languages: [1] }),
    ],
    updateAccount: [
      (c) => c.team.updateAccount(2, { permissions: 'viewer', languages: null, isActive: false }),
    ],
    resetTwoFactor: [(c) => c.team.resetTwoFactor(2)],
    endSessions: [(c) => c.team.endSessions(2)],
    renewInvitation: [(c) => c.team.renewInvitation(2)],
    tokens: [(c) => c.team.tokens()],
    createToken: [
      (c) => c.team.createToken({ name: 'nightly import', permissions: 'editor', expiresInDays: 30 }),
      (c) => c.team.createToken({ name: 'game', permissions: 'game', languages: [1], expiresInDays: 365 }),
    ],
    revokeToken: [(c) => c.team.revokeToken(1)],
    enrol: [(c) => c.team.enrol('one-time-token', 'a-long-password')],
  },
  releases: {
    list: [(c) => c.releases.list()],
    get: [(c) => c.releases.get(3)],
    diff: [(c) => c.releases.diff(3), (c) => c.releases.diff(3, 1)],
    draft: [(c) => c.releases.draft(), (c) => c.releases.draft({ wait: false })],
    publish: [
      (c) => c.releases.publish({ notes: '' }),
      (c) => c.releases.publish({ notes: 'May', dryRun: false, force: true, reason: 'urgent', share: 10 }),
    ],
    job: [(c) => c.releases.job(1)],
    jobs: [(c) => c.releases.jobs()],
    schedules: [(c) => c.releases.schedules()],
    rollback: [(c) => c.releases.rollback(3), (c) => c.releases.rollback(3, 'a broken level')],
    widen: [(c) => c.releases.widen(3, 50)],
    schedule: [
      (c) => c.releases.schedule({ at: '2030-06-01T09:00:00Z', notes: '' }),
      (c) =>
        c.releases.schedule({
          at: '2030-06-01T09:00:00+02:00',
          notes: 'June',
          force: true,
          reason: 'late',
          share: 5,
        }),
    ],
    cancelSchedule: [(c) => c.releases.cancelSchedule(1)],
  },
};

/** A valid value of each filter of `entity`, by its field's name. */
function filters(entity: AnyEntity): Record<string, string | number | boolean> {
  const values: Record<string, string | number | boolean> = {};
  for (const filter of entity.filters) {
    values[filter.field] =
      filter.kind === 'text'
        ? 'a'
        : filter.kind === 'bool'
          ? true
          : filter.kind === 'choice'
            ? filter.choices![0]!
            : 1;
  }
  // Levels' list also filters by solvability (server/api/solvability), a filter of another area.
  if (entity.name === 'level') values.solvable = 'yes';
  return values;
}

type ResourceMethod = keyof ResourceCalls<unknown, unknown, unknown, string>;

/** Calls of one resource's methods; `opaque`: the body is the caller's, sent as given. */
export interface ResourceCall {
  call: Call<GenericResourceClient>;
  opaque?: boolean;
}

export function resourceCalls(entity: AnyEntity): Record<ResourceMethod, ResourceCall[]> {
  const where = filters(entity);
  const sort = { field: entity.sortable?.[0] ?? 'id', dir: 'desc' as const };
  const row = {};
  return {
    search: [
      { call: (r) => r.search() },
      { call: (r) => r.search({ page: 2, size: 5, sort, ids: [1, 2], filters: where }) },
    ],
    searchAll: [{ call: (r) => drain(r.searchAll({ size: 10, sort, filters: where })) }],
    exportAll: [
      { call: (r) => drain(r.exportAll()) },
      { call: (r) => drain(r.exportAll({ sort, filters: where })) },
    ],
    get: [{ call: (r) => r.get(1) }],
    getVersioned: [{ call: (r) => r.getVersioned(1) }],
    create: [{ call: (r) => r.create(row), opaque: true }],
    update: [
      { call: (r) => r.update(1, row), opaque: true },
      { call: (r) => r.update(1, row, { ifMatch: '"v1"' }), opaque: true },
    ],
    remove: [{ call: (r) => r.remove(1) }, { call: (r) => r.remove(1, { ifMatch: '"v1"' }) }],
    bulk: [
      { call: (r) => r.bulk([row]) },
      { call: (r) => r.bulk([row], { dryRun: true, changesOnly: true }) },
    ],
    bulkUpdate: [
      { call: (r) => r.bulkUpdate({ ids: [1, 2], set: { isActive: false }, dryRun: true }) },
      { call: (r) => r.bulkUpdate({ where, set: {} }) },
    ],
    bulkDelete: [
      { call: (r) => r.bulkDelete({ ids: [1] }) },
      { call: (r) => r.bulkDelete({ where: {}, allRows: true }) },
    ],
  };
}
