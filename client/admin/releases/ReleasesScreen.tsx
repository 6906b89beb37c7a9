import { useEffect } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { isAdministrator } from '#shared/permissions.ts';
import type { PublishJob } from '#shared/releases/api.ts';
import { ErrorMessage } from '../components/Messages.tsx';
import { useHydrated } from '../components/useHydrated.ts';
import { useReach } from '../session/use-reach.ts';
import { CurrentSection, when } from './CurrentSection.tsx';
import { DraftSection } from './DraftSection.tsx';
import { ReleaseList } from './ReleaseList.tsx';
import { releasesLoader } from './releases-loader.ts';

export const loader = releasesLoader;

/** How often the screen looks again while a publish runs. */
const POLL_MS = 1000;
const underWay = (job: PublishJob | undefined) => job?.status === 'queued' || job?.status === 'running';

/** The latest publish job, while it runs or when it did not end well. */
function JobLine({ job }: { job: PublishJob | undefined }) {
  if (!job) return null;
  if (underWay(job))
    return (
      <p role="status" className="alert alert-info">
        Publishing (job {job.id}, by {job.username}): {job.done} of {job.total || '…'} languages built.
      </p>
    );
  if (job.status === 'failed' || job.status === 'interrupted')
    return (
      <ErrorMessage
        className="mb-3"
        message={`The publish of ${when(job.createdAt)} ${job.status === 'failed' ? 'failed' : 'was interrupted'}: ${job.error ?? ''}`}
      />
    );
  return null;
}

/**
 * `/releases` (issue 45): what players get per language, the draft's pending changes and the
 * findings that stop a publish, Publish (administrators, after a confirmation with the counts),
 * scheduled publishes, and every release with its changes and a rollback.
 */
export function Component() {
  const data = useLoaderData<typeof loader>();
  const { reach } = useReach();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const latest = data.list?.jobs[0];
  const running = underWay(latest);
  useEffect(() => {
    if (!hydrated || !running || revalidator.state !== 'idle') return;
    const timer = setTimeout(() => void revalidator.revalidate(), POLL_MS);
    return () => clearTimeout(timer);
  }, [hydrated, running, revalidator]);
  const admin = isAdministrator(reach);
  // A failure older than the newest release is history, not news.
  const newest = data.list?.releases[0]?.publishedAt ?? '';
  const job = latest && (running || latest.createdAt > newest) ? latest : undefined;
  return (
    <section aria-labelledby="releases-title">
      <h1 id="releases-title" className="h3 mb-3">
        Releases
      </h1>
      <p className="text-body-secondary">
        Players read a release: a checked snapshot of the content. Edits wait here until it is published.
      </p>
      <ErrorMessage message={data.error} />
      <JobLine job={job} />
      {data.list ? (
        <>
          <CurrentSection list={data.list} admin={admin} />
          <DraftSection draft={data.draft} list={data.list} admin={admin} busyJob={running} />
          <ReleaseList list={data.list} admin={admin} />
        </>
      ) : null}
    </section>
  );
}
