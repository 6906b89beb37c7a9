import type {
  Draft,
  PublishAnswer,
  PublishJob,
  PublishRequest,
  Release,
  ReleaseDiff,
  ReleaseList,
  ReleaseState,
  Schedule,
  ScheduleRequest,
} from '../releases/api.ts';
import type { Transport } from './transport.ts';

/** A rollback's or widening's answer: which release the game gets now, and the release. */
export interface ReleaseSwitch {
  state: ReleaseState;
  release: Release | null;
}

/**
 * Releases (`releases/cms/…`, issue 45). A publish refused by the gate is an ApiError with status
 * 422 whose `body` is a PublishAnswer naming the findings.
 */
export interface ReleasesClient {
  list(): Promise<ReleaseList>;
  get(number: number): Promise<Release>;
  /** What `number` changed against `against` (default: the release before it). */
  diff(number: number, against?: number): Promise<ReleaseDiff>;
  /**
   * The draft's findings and its diff against the current release; `wait: false` answers the last
   * check at once (null while the first one runs).
   */
  draft(options?: { wait?: boolean }): Promise<Draft | null>;
  publish(request: PublishRequest): Promise<PublishAnswer>;
  job(id: number): Promise<PublishJob>;
  /** The latest publish jobs, newest first. */
  jobs(): Promise<{ content: PublishJob[] }>;
  rollback(number: number, reason?: string): Promise<ReleaseSwitch>;
  widen(number: number, share: number): Promise<ReleaseSwitch>;
  schedule(request: ScheduleRequest): Promise<Schedule>;
  /** Pending schedules soonest first, then the latest others with how they went. */
  schedules(): Promise<{ content: Schedule[] }>;
  cancelSchedule(id: number): Promise<Schedule>;
}

export function releasesClient(transport: Transport): ReleasesClient {
  const base = 'releases/cms';
  return {
    list: () => transport.call<ReleaseList>({ method: 'GET', path: base }),
    get: (number) => transport.call<Release>({ method: 'GET', path: `${base}/${number}` }),
    diff: (number, against) =>
      transport.call<ReleaseDiff>({
        method: 'GET',
        path: `${base}/${number}/diff`,
        query: new URLSearchParams(against === undefined ? {} : { against: String(against) }),
      }),
    draft: async (options = {}) => {
      const answer = await transport.call<Draft | { message: string }>({
        method: 'GET',
        path: `${base}/draft`,
        query: new URLSearchParams(options.wait === false ? { wait: 'false' } : {}),
      });
      return 'diff' in answer ? answer : null;
    },
    publish: (request) => transport.call<PublishAnswer>({ method: 'POST', path: base, body: request }),
    job: (id) => transport.call<PublishJob>({ method: 'GET', path: `${base}/jobs/${id}` }),
    jobs: () => transport.call<{ content: PublishJob[] }>({ method: 'GET', path: `${base}/jobs` }),
    rollback: (number, reason) =>
      transport.call<ReleaseSwitch>({
        method: 'POST',
        path: `${base}/${number}/rollback`,
        body: reason ? { reason } : {},
      }),
    widen: (number, share) =>
      transport.call<ReleaseSwitch>({ method: 'POST', path: `${base}/${number}/widen`, body: { share } }),
    schedule: (request) =>
      transport.call<Schedule>({ method: 'POST', path: `${base}/schedules`, body: request }),
    schedules: () => transport.call<{ content: Schedule[] }>({ method: 'GET', path: `${base}/schedules` }),
    cancelSchedule: (id) => transport.call<Schedule>({ method: 'DELETE', path: `${base}/schedules/${id}` }),
  };
}
