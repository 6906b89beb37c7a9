import { Fragment, type ReactNode } from 'react';
import type { HealthLoad } from './health-data.ts';
import { useFollowLink } from '../components/plain-links.ts';
import { listOfNames } from '#shared/permissions.ts';
import { attentionOf } from './attention.ts';

/**
 * The home's one line under the welcome: what needs the manager's attention (attention.ts), each
 * linking to where it is listed; or that nothing does; or why the report could not be read.
 * `also`: what else the line says (the changes not yet released), after the report's items.
 */
export function AttentionLine({ health, also }: { health: HealthLoad; also?: ReactNode }) {
  const follow = useFollowLink();
  const more = also ? <> · {also}</> : null;
  if (!health.report) {
    return health.error ? (
      <p className="alert alert-warning py-2 mb-3" role="status" data-testid="attention">
        The content health report is not available right now: {health.error}
        {more}
      </p>
    ) : also ? (
      <p className="panel-attention mb-3">{also}</p>
    ) : null;
  }
  const { items, pending } = attentionOf(health.report);
  const still = pending.length > 0 ? ` Still working out ${listOfNames(pending)}.` : '';
  if (items.length === 0) {
    return (
      <p className="panel-attention mb-3" data-testid="attention">
        Nothing needs your attention right now.{still}
        {more}
      </p>
    );
  }
  return (
    <p className="panel-attention panel-attention-due mb-3" data-testid="attention">
      <span className="fw-bold">Needs your attention:</span>{' '}
      {items.map((item, i) => (
        <Fragment key={item.key}>
          {i > 0 ? ' · ' : null}
          <a href={item.to} onClick={item.to.startsWith('#') ? undefined : follow} data-attention={item.key}>
            {item.text}
          </a>
        </Fragment>
      ))}
      .{still}
      {more}
    </p>
  );
}
