import { entityByName, type EntityName } from '#shared/entities/index.ts';
import { EntityList } from './EntityList.tsx';
import { listLoader } from './list-loader.ts';

/** The lazily loaded part of a list route: its loader and screen for one entity. */
export function listRoute(name: EntityName) {
  const entity = entityByName(name);
  return {
    loader: listLoader(entity),
    Component: function EntityListRoute() {
      return <EntityList entity={entity} />;
    },
  };
}
