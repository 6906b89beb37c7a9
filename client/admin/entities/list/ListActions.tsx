import { Link } from 'react-router';
import type { AnyEntity } from '#shared/entities/index.ts';
import { formHref } from '../list-return.ts';
import { addPath } from '../paths.ts';
import { mayWrite } from '#shared/permissions.ts';
import { useReach } from '#client/admin/session/use-reach.ts';

/** The list's title and, where the spec has an add route, 'Add New' (which returns to this list). */
export function ListActions({ entity, listQuery }: { entity: AnyEntity; listQuery: string }) {
  const { reach, text } = useReach();
  const writable = mayWrite(reach, entity);
  // Where a person would look for Add New or a language's rows: why they are not there.
  const limits = [
    writable
      ? null
      : `Your account (${text}) may view ${entity.labelPlural.toLowerCase()} but not change them.`,
    reach.languages !== null && entity.language
      ? `Only the ${entity.labelPlural.toLowerCase()} of your languages are listed (${text}).`
      : null,
  ].filter(Boolean);
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
      <h1 id="entity-list-title" className="h3 mb-0">
        {entity.labelPlural}
      </h1>
      {limits.length > 0 ? (
        <p className="text-body-secondary small mb-0 w-100" data-testid="reach-note">
          {limits.join(' ')}
        </p>
      ) : null}
      {writable && entity.panel.add && entity.operations.create ? (
        <Link className="btn btn-primary" to={formHref(addPath(entity.name), listQuery)}>
          Add New
        </Link>
      ) : null}
    </div>
  );
}
