import { entityByName, type EntityName } from '#shared/entities/index.ts';
import { EntityFormScreen } from './EntityFormScreen.tsx';
import { formLoader } from './form-loader.ts';
import type { FormMode } from './form-values.ts';

/** The lazily loaded part of an add or edit route: its loader and screen for one entity. */
export function formRoute(name: EntityName, mode: FormMode) {
  const entity = entityByName(name);
  return {
    loader: formLoader(entity, mode),
    // Nothing on a form changes what its loader read; a save leaves for the list.
    shouldRevalidate: () => false,
    Component: function EntityFormRoute() {
      return <EntityFormScreen entity={entity} mode={mode} />;
    },
  };
}
