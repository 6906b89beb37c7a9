import type { DatabaseHandle } from '../../db/database.ts';
import type { ApiOperation } from '../http/operation.ts';
import { resourceOperations } from './routes.ts';
import { looseDb } from './rows.ts';
import type { Store } from './store.ts';
import { solvabilityOperations } from '../solvability/routes.ts';
import { createSolvabilityService } from '../solvability/service.ts';

import { servedEntities } from './served.ts';

export { servedEntities };

/** The resources' operations, and the solvability of levels (whose `solvable` the level list takes). */
export function contentOperations(deps: {
  database: DatabaseHandle;
  store: Store;
  clock: () => number;
}): ApiOperation[] {
  const { store, clock } = deps;
  const db = looseDb(deps.database);
  const solvability = solvabilityOperations({ service: createSolvabilityService(deps.database, clock), db });
  return [
    ...solvability.operations,
    ...servedEntities.flatMap((entity) =>
      resourceOperations(
        entity,
        { store, clock, db },
        entity.name === 'level' ? solvability.solvable : undefined,
      ),
    ),
  ];
}
