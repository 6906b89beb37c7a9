import { Link } from 'react-router';
import { screenOfResource, type HealthActivity } from '#shared/health-report.ts';
import { PANEL_PATH } from '#shared/panel-paths.ts';

const VERBS: Record<string, string> = {
  create: 'created',
  delete: 'deleted',
  publish: 'published',
  rollback: 'rolled back to',
  widen: 'widened',
  schedule: 'scheduled',
  cancel: 'cancelled',
};
const RELEASES = new Set(['releases', 'release-schedules']);

/** The latest audit entries, each linking to the record it changed (unless deleted). */
export function RecentActivity({ activity }: { activity: HealthActivity[] }) {
  return (
    <div className="card h-100" aria-labelledby="activity-heading">
      <div className="card-body">
        <h3 id="activity-heading" className="h6 card-title">
          Recent activity
        </h3>
        {activity.length === 0 ? (
          <p className="mb-0">Nothing has been changed through the API yet.</p>
        ) : (
          <ul className="list-unstyled small mb-0">
            {activity.map((entry) => {
              const release = RELEASES.has(entry.resource);
              const what = release
                ? `${entry.resource === 'releases' ? 'release' : 'scheduled publish'} ${entry.entityId}`
                : `${screenOfResource(entry.resource)} ${entry.entityId}`;
              const to = release
                ? `${PANEL_PATH}/releases`
                : `${PANEL_PATH}/${screenOfResource(entry.resource)}/update/${entry.entityId}`;
              return (
                <li key={entry.id} className="mb-1">
                  <time dateTime={entry.at}>{entry.at.slice(0, 16).replace('T', ' ')}</time> {entry.username}{' '}
                  {VERBS[entry.action] ?? 'updated'}{' '}
                  {entry.action === 'delete' ? what : <Link to={to}>{what}</Link>}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
