import { Link } from 'react-router';
import { letterGroup, type AnyEntity } from '#shared/entities/index.ts';
import { changeSetPath } from '#shared/panel-paths.ts';
import type { LinkJob } from '#shared/links/api.ts';
import { fkTitle, type Titles } from '../entities/list/titles.ts';

const STATUS_TEXT: Record<LinkJob['status'], string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  interrupted: 'Interrupted',
};
const STATUS_BADGE: Record<LinkJob['status'], string> = {
  queued: 'text-bg-secondary',
  running: 'text-bg-primary',
  done: 'text-bg-success',
  failed: 'text-bg-danger',
  interrupted: 'text-bg-warning',
};

export const isUnderWay = (job: LinkJob): boolean => job.status === 'queued' || job.status === 'running';

/**
 * The letter groups a job's filters name, as a person reads them: "the letter groups of language
 * French, stage 1 · 5 letters, letters containing “ab”", or "every letter group".
 */
const LETTER_GROUP: AnyEntity = letterGroup;

export function filtersText(where: LinkJob['params']['where'], titles: Titles = {}): string {
  const parts = Object.entries(where).map(([name, value]) => {
    const field = LETTER_GROUP.fields[name];
    const label = (field?.label ?? name).toLowerCase();
    if (field?.kind === 'fk')
      return `${label} ${fkTitle(LETTER_GROUP, { id: 0, [name]: Number(value) }, name, titles)}`;
    if (field?.kind === 'bool') return String(value) === 'true' ? 'active' : 'inactive';
    return `${label} containing “${String(value)}”`;
  });
  return parts.length ? `the letter groups of ${parts.join(', ')}` : 'every letter group';
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function resultText(job: LinkJob): string {
  const r = job.result;
  if (!r) return '';
  const parts = [`${r.groups} letter groups linked`, `${r.created} links created`];
  if (job.params.prune) parts.push(`${r.pruned} removed`);
  else if (r.outdated) parts.push(`${r.outdated} outdated left in place`);
  if (r.skipped) parts.push(`${r.skipped} inactive skipped`);
  if (r.rejected) parts.push(`${r.rejected} refused`);
  return parts.join(', ');
}

export function StatusBadge({ job }: { job: LinkJob }) {
  return <span className={`badge ${STATUS_BADGE[job.status]}`}>{STATUS_TEXT[job.status]}</span>;
}

/** One job: status, a progress bar of letter groups done, its counts and its error. */
export function JobProgress({ job, titles }: { job: LinkJob; titles: Titles }) {
  const percent = job.total > 0 ? Math.round((job.done / job.total) * 100) : job.status === 'done' ? 100 : 0;
  return (
    <section className="card card-body mb-3" aria-labelledby="link-job-title" data-job-status={job.status}>
      <h2 id="link-job-title" className="h5 d-flex flex-wrap gap-2 align-items-baseline">
        Link job {job.id} <StatusBadge job={job} />
      </h2>
      <p className="mb-2">
        {capitalized(filtersText(job.params.where, titles))}
        {job.params.prune ? ', removing links that no longer qualify' : ''}
        {job.params.reuseLetters ? ', letters reused' : ''} — started by {job.username}.
      </p>
      <progress
        className="w-100 mb-2 link-job-progress"
        aria-label={`Letter groups done of link job ${job.id}`}
        max={Math.max(job.total, 1)}
        value={job.total > 0 ? job.done : job.status === 'done' ? 1 : 0}
      />
      <p className="mb-1" role="status">
        {job.done} of {job.total} letter groups done ({percent}%).
      </p>
      {job.result ? <p className="mb-1">{resultText(job)}.</p> : null}
      {job.changeSetId && job.status !== 'queued' ? (
        <p className="mb-1">
          <Link to={changeSetPath(job.changeSetId)}>Its change set</Link>: review or undo what it wrote.
        </p>
      ) : null}
      {job.error ? <p className="mb-0 text-danger fw-semibold">{job.error}</p> : null}
    </section>
  );
}
