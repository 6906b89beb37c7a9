import { Link } from 'react-router';
import { screenOfResource, type HealthActivity } from '#shared/health.ts';
import { PANEL_PATH } from '#shared/panel-paths.ts';

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
              const what = `${screenOfResource(entry.resource)} ${entry.entityId}`;
              return (
                <li key={entry.id} className="mb-1">
                  <time dateTime={entry.at}>{entry.at.slice(0, 16).replace('T', ' ')}</time> {entry.username}{' '}
                  {entry.action === 'delete' ? 'deleted' : entry.action === 'create' ? 'created' : 'updated'}{' '}
                  {entry.action === 'delete' ? (
                    what
                  ) : (
                    <Link to={`${PANEL_PATH}/${screenOfResource(entry.resource)}/update/${entry.entityId}`}>
                      {what}
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
