import { data, type RouteObject } from 'react-router';
import type { PageHandle } from '#client/page-handle.ts';
import { entityRoutes } from './entities/routes.tsx';
import * as adminLayout from './layout/AdminLayout.tsx';
import { ErrorBoundary as PanelErrorBoundary } from './layout/PanelErrorBoundary.tsx';

const panelHandle = (title: string, description: string): PageHandle => ({
  title: `${title} — Argus Words admin`,
  description,
});

/**
 * The admin panel under /argusma-words-panel: rendered per request on the server and hydrated.
 * Every screen is a lazily loaded module (its own chunk), so the login screen loads neither the
 * home nor the list screens; the handles stay here because the server reads them before loading.
 * The frame (layout and error boundary) is on every panel page, so it comes with the entry script:
 * as lazy modules of their own they split what they share with the entry into many tiny files.
 */
export const adminRoutes: RouteObject[] = [
  {
    id: 'admin',
    path: 'argusma-words-panel',
    loader: adminLayout.loader,
    shouldRevalidate: adminLayout.shouldRevalidate,
    Component: adminLayout.Component,
    handle: panelHandle('Admin panel', 'The Argus Words content panel.'),
    children: [
      {
        // Pathless: screens fail inside the panel's frame, with the navbar still there.
        id: 'admin-pages',
        ErrorBoundary: PanelErrorBoundary,
        children: [
          {
            id: 'admin-home',
            index: true,
            lazy: () => import('./home/Home.tsx'),
            handle: panelHandle('Home', 'Manage the content of Argus Words.'),
          },
          {
            id: 'admin-login',
            path: 'auth/login',
            lazy: () => import('./auth/Login.tsx'),
            handle: panelHandle('Log in', 'Log in to the Argus Words content panel.'),
          },
          {
            id: 'admin-enrol',
            path: 'enrol',
            lazy: () => import('./auth/Enrol.tsx'),
            handle: panelHandle(
              'Choose your password',
              'Finish an invitation to the Argus Words content panel.',
            ),
          },
          {
            id: 'admin-set-qr-code',
            path: 'auth/set-qr-code',
            lazy: () => import('./auth/SetQrCode.tsx'),
            handle: panelHandle(
              'Two-factor authentication',
              'Confirm your login with a code from your authentication app.',
            ),
          },
          ...entityRoutes,
          {
            id: 'letter-group-links',
            path: 'letter-group/:id/links',
            lazy: () => import('./links/LinkBuilder.tsx'),
            handle: panelHandle(
              'Link builder',
              'The words a letter group builds, as links to add and remove.',
            ),
          },
          {
            id: 'letter-group-link-jobs',
            path: 'letter-group/links',
            lazy: () => import('./links/LinkJobs.tsx'),
            handle: panelHandle(
              'Link builder jobs',
              'Link every letter group of a filtered list, in the background.',
            ),
          },
          {
            id: 'admin-audit',
            path: 'audit',
            lazy: () => import('./history/AuditScreen.tsx'),
            handle: panelHandle('History', 'Who changed what, when, field by field; revert a change.'),
          },
          {
            id: 'admin-trash',
            path: 'trash',
            lazy: () => import('./history/TrashScreen.tsx'),
            handle: panelHandle('Trash', 'Rows deleted in the last 30 days, restorable with their ids.'),
          },
          {
            id: 'admin-changes',
            path: 'changes',
            lazy: () => import('./history/ChangesScreen.tsx'),
            handle: panelHandle(
              'Change sets',
              'Bulk actions, imports and command-line runs as units: who, when, what; undo one.',
            ),
          },
          {
            id: 'admin-change-set',
            path: 'changes/:id',
            lazy: () => import('./history/ChangeSetScreen.tsx'),
            handle: panelHandle('Change set', 'One change set field by field, and its undo.'),
          },
          {
            id: 'admin-import',
            path: 'import',
            lazy: () => import('./import/ImportScreen.tsx'),
            handle: panelHandle(
              'Import',
              'Upload a word list or a table export: preview the changes, then apply them.',
            ),
          },
          {
            id: 'admin-dictionary',
            path: 'dictionary',
            lazy: () => import('./dictionary/DictionaryScreen.tsx'),
            handle: panelHandle(
              'Dictionary',
              "Words flagged by each language's dictionary; accept or exclude them with a reason.",
            ),
          },
          {
            id: 'admin-team',
            path: 'team',
            lazy: () => import('./team/TeamScreen.tsx'),
            handle: panelHandle('Team', 'Panel accounts, their permissions and languages, and API tokens.'),
          },
          {
            id: 'admin-difficulty',
            path: 'difficulty',
            lazy: () => import('./difficulty/DifficultyScreen.tsx'),
            handle: panelHandle(
              'Difficulty',
              'How players fare on each level of a stage: completion, scores and drop-off.',
            ),
          },
          {
            id: 'admin-releases',
            path: 'releases',
            lazy: () => import('./releases/ReleasesScreen.tsx'),
            handle: panelHandle(
              'Releases',
              'What players get: publish the checked draft, see what changed, roll back.',
            ),
          },
          {
            id: 'admin-search',
            path: 'search',
            lazy: () => import('./search/SearchPage.tsx'),
            handle: panelHandle('Search', 'Search words, letter groups, levels and users.'),
          },
          {
            // Any other panel address: a 404 inside the panel's frame (PanelErrorBoundary), with
            // the status on the document too. Gating runs first: only a logged-in admin sees it.
            id: 'admin-not-found',
            path: '*',
            loader: () => {
              throw data(null, { status: 404, statusText: 'Not Found' });
            },
            handle: panelHandle('Page not found', 'This panel page does not exist.'),
          },
        ],
      },
    ],
  },
];
