import { useEffect, useState } from 'react';
import { Link, useLoaderData, useNavigate, useRevalidator } from 'react-router';
import { panelApi } from '../api.ts';
import { ErrorMessage } from '../components/Messages.tsx';
import { useHydrated } from '../components/useHydrated.ts';
import { errorMessage } from '../entities/entity-api.ts';
import { listPath } from '../entities/paths.ts';
import { jobsLoader } from './jobs-loader.ts';
import { filtersText, isUnderWay, JobProgress, resultText, StatusBadge } from './JobProgress.tsx';
import { linkJobsPath } from './paths.ts';

export const loader = jobsLoader;

/** Seconds between two looks at a job under way. */
const POLL_MS = 1000;

/** Reloads the page's data every second while a job is under way (its progress is in the database). */
function usePolling(active: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active || revalidator.state !== 'idle') return;
    const timer = setTimeout(() => void revalidator.revalidate(), POLL_MS);
    return () => clearTimeout(timer);
  }, [active, revalidator]);
}

/**
 * `/letter-group/links?stageId=3`: the link builder for every letter group the list's filters name,
 * as a background job; the job named in the address (`job=ID`) and the recent ones, with progress.
 */
export function Component() {
  const data = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [prune, setPrune] = useState(false);
  const [reuseLetters, setReuseLetters] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const running = data.recent.some(isUnderWay) || (data.job !== null && isUnderWay(data.job));
  usePolling(hydrated && running);

  const start = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const job = await panelApi().linkBuilder.startJob({ where: data.filters, prune, reuseLetters });
      await navigate(linkJobsPath({ ...data.filters, job: job.id }), { replace: true });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const listLink = `${listPath('letter-group')}?${new URLSearchParams(data.filters).toString()}`;
  return (
    <section aria-labelledby="link-jobs-title">
      <h1 id="link-jobs-title" className="h3 mb-3">
        Link builder for many letter groups
      </h1>
      <ErrorMessage message={data.error} />
      <section className="card card-body mb-3" aria-labelledby="link-jobs-start">
        <h2 id="link-jobs-start" className="h5">
          Link {filtersText(data.filters, data.titles)}
        </h2>
        <p>
          {data.matching === null ? 'The letter groups could not be counted.' : null}
          {data.matching !== null ? (
            <>
              <Link to={listLink}>
                {data.matching} {data.matching === 1 ? 'letter group matches' : 'letter groups match'}
              </Link>{' '}
              these filters; the inactive ones are skipped. Each gets a link to every active word of its
              language it can build, as <code>argus-words links build</code> does.
            </>
          ) : null}
        </p>
        <div className="form-check">
          <input
            className="form-check-input"
            type="checkbox"
            id="job-prune"
            checked={prune}
            disabled={!hydrated || busy}
            onChange={(event) => setPrune(event.currentTarget.checked)}
          />
          <label className="form-check-label" htmlFor="job-prune">
            Also remove links to words a group can no longer build
          </label>
        </div>
        <div className="form-check mb-2">
          <input
            className="form-check-input"
            type="checkbox"
            id="job-reuse"
            checked={reuseLetters}
            disabled={!hydrated || busy}
            onChange={(event) => setReuseLetters(event.currentTarget.checked)}
          />
          <label className="form-check-label" htmlFor="job-reuse">
            A letter may be used more than once
          </label>
        </div>
        <ErrorMessage message={problem} />
        <div>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!hydrated || busy || running || data.matching === 0}
            onClick={start}
          >
            {busy ? 'Starting…' : `Start linking ${data.matching ?? ''} letter groups`}
          </button>
          {running ? <span className="ms-2 small">A link job is under way; one runs at a time.</span> : null}
        </div>
      </section>
      {data.job ? <JobProgress job={data.job} titles={data.titles} /> : null}
      <section className="card card-body" aria-labelledby="link-jobs-recent">
        <h2 id="link-jobs-recent" className="h5">
          Recent link jobs
        </h2>
        {data.recent.length === 0 ? (
          <p className="mb-0 text-body-secondary">No link job yet.</p>
        ) : (
          <ul className="list-unstyled mb-0">
            {data.recent.map((job) => (
              <li key={job.id} className="mb-2" data-job={job.id}>
                <Link to={linkJobsPath({ ...job.params.where, job: job.id })}>Link job {job.id}</Link>{' '}
                <StatusBadge job={job} /> {filtersText(job.params.where, data.titles)} — {job.done} of{' '}
                {job.total} letter groups
                {job.result && !isUnderWay(job) ? `; ${resultText(job)}` : ''}
                <span className="small text-body-secondary">
                  {' '}
                  by {job.username}, {new Date(job.createdAt).toISOString().slice(0, 16).replace('T', ' ')}{' '}
                  UTC
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
