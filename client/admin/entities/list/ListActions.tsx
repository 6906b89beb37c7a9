import { Link } from 'react-router';
import type { AnyEntity } from '#shared/entities/index.ts';
import { addPath } from '../paths.ts';

/** The list's title and, where the spec has an add route, 'Add New'. */
export function ListActions({ entity }: { entity: AnyEntity }) {
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
      <h1 id="entity-list-title" className="h3 mb-0">
        {entity.labelPlural}
      </h1>
      {entity.panel.add && entity.operations.create ? (
        <Link className="btn btn-primary" to={addPath(entity.name)}>
          Add New
        </Link>
      ) : null}
    </div>
  );
}
