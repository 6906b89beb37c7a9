import { Link } from 'react-router';
import type { AnyEntity } from '#shared/entities/index.ts';
import { formHref } from '../list-return.ts';
import { addPath } from '../paths.ts';

/** The list's title and, where the spec has an add route, 'Add New' (which returns to this list). */
export function ListActions({ entity, listQuery }: { entity: AnyEntity; listQuery: string }) {
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
      <h1 id="entity-list-title" className="h3 mb-0">
        {entity.labelPlural}
      </h1>
      {entity.panel.add && entity.operations.create ? (
        <Link className="btn btn-primary" to={formHref(addPath(entity.name), listQuery)}>
          Add New
        </Link>
      ) : null}
    </div>
  );
}
