import type {
  ApplyLinksRequest,
  ApplyLinksResponse,
  LinkJob,
  LinkJobRequest,
  LinkPlan,
} from '../links/api.ts';
import type { Transport } from './transport.ts';

/** The link builder (`letter-groups/cms/{id}/link-plan`, `letter-groups/cms/link-jobs`). */
export interface LinkBuilderClient {
  /** What `links build` would add and remove for one letter group. */
  plan(letterGroupId: number, options?: { reuseLetters?: boolean }): Promise<LinkPlan>;
  /** Applies a selection of the plan, in one change set. */
  apply(letterGroupId: number, request: ApplyLinksRequest): Promise<ApplyLinksResponse>;
  /** Starts a job over the letter groups the list's filters name. */
  startJob(request: LinkJobRequest): Promise<LinkJob>;
  job(id: number): Promise<LinkJob>;
  /** The recent jobs, newest first. */
  jobs(): Promise<LinkJob[]>;
}

export function linkBuilderClient(transport: Transport): LinkBuilderClient {
  const plan = (id: number) => `letter-groups/cms/${id}/link-plan`;
  const jobs = 'letter-groups/cms/link-jobs';
  return {
    plan: (id, options = {}) =>
      transport.call<LinkPlan>({
        method: 'GET',
        path: plan(id),
        query: new URLSearchParams(options.reuseLetters ? { reuseLetters: 'true' } : {}),
      }),
    apply: (id, request) =>
      transport.call<ApplyLinksResponse>({ method: 'POST', path: plan(id), body: request }),
    startJob: (request) => transport.call<LinkJob>({ method: 'POST', path: jobs, body: request }),
    job: (id) => transport.call<LinkJob>({ method: 'GET', path: `${jobs}/${id}` }),
    jobs: async () => (await transport.call<{ content: LinkJob[] }>({ method: 'GET', path: jobs })).content,
  };
}
