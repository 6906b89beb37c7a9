import type { AnyEntity } from '#shared/entities/index.ts';
import type { Row } from '../entity-api.ts';

/**
 * After a form saved, says where the record is: marked in the table below (told to screen readers,
 * the 'Saved' badge and colour show it to everyone else), or not on this page of the list (a new
 * record elsewhere in the order, or one the filters no longer match).
 */
export function SavedNote({
  entity,
  savedId,
  rows,
}: {
  entity: AnyEntity;
  savedId: number | null;
  rows: Row[];
}) {
  const label = entity.label.toLowerCase();
  const here = savedId !== null && rows.some((row) => row.id === savedId);
  return (
    <div role="status" className="panel-saved-note">
      {savedId === null ? null : here ? (
        <p className="visually-hidden">{`The saved ${label} (ID ${savedId}) is marked Saved in the list below.`}</p>
      ) : (
        <p className="small text-body-secondary mb-2">
          {`The saved ${label} (ID ${savedId}) is not on this page of the list.`}
        </p>
      )}
    </div>
  );
}
