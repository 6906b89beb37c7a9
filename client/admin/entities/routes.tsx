import type { RouteObject } from 'react-router';
import { SITE_NAME, type PageHandle } from '#client/page-handle.ts';
import type { EntityName } from '#shared/entities/index.ts';

/**
 * The panel's nine entities as the route table needs them. Kept apart from the full descriptions
 * (`shared/entities/`, zod schemas included) so the login screen's bundle does not carry them; a
 * unit test holds this table to the descriptions.
 */
export const ENTITY_SCREENS: ReadonlyArray<{
  name: EntityName;
  label: string;
  plural: string;
  add: boolean;
}> = [
  { name: 'level', label: 'Level', plural: 'Levels', add: true },
  { name: 'user', label: 'User', plural: 'Users', add: false },
  { name: 'user-level', label: 'User-Level', plural: 'User-Levels', add: false },
  { name: 'language', label: 'Language', plural: 'Languages', add: true },
  { name: 'letter-group', label: 'Letter Group', plural: 'Letter Groups', add: true },
  { name: 'letter-group-level', label: 'Letter Group-Level', plural: 'Letter Group-Levels', add: false },
  { name: 'letter-group-word', label: 'Letter Group-Word', plural: 'Letter Group-Words', add: false },
  { name: 'stage', label: 'Stage', plural: 'Stages', add: true },
  { name: 'word', label: 'Word', plural: 'Words', add: true },
];

const handle = (title: string, description: string): PageHandle => ({
  title: `${title} — ${SITE_NAME} admin`,
  description,
});

/**
 * Children of the admin layout (SPEC §2 routes): `level`, `level/add`, `level/update/:id`, …
 * Screens load lazily, so their code is fetched only when a list or form is opened.
 */
export const entityRoutes: RouteObject[] = ENTITY_SCREENS.flatMap(({ name, label, plural, add }) => {
  const routes: RouteObject[] = [
    {
      // Explicit ids: the hydration data is keyed by route id, and the browser's route table
      // (client/hydrated-routes.tsx) is not shaped like the server's.
      id: `${name}-list`,
      path: name,
      handle: handle(plural, `Browse, filter and manage ${plural.toLowerCase()}.`),
      lazy: async () => (await import('./list/list-route.tsx')).listRoute(name),
    },
    {
      id: `${name}-edit`,
      path: `${name}/update/:id`,
      handle: handle(`Edit ${label}`, `Edit one ${label.toLowerCase()}.`),
      lazy: async () => (await import('./form/form-route.tsx')).formRoute(name, 'edit'),
    },
  ];
  if (add) {
    routes.splice(1, 0, {
      id: `${name}-add`,
      path: `${name}/add`,
      handle: handle(`Add ${label}`, `Add a new ${label.toLowerCase()}.`),
      lazy: async () => (await import('./form/form-route.tsx')).formRoute(name, 'add'),
    });
  }
  return routes;
});
