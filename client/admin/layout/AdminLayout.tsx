import { useEffect, useRef } from 'react';
import {
  Outlet,
  redirect,
  redirectDocument,
  useLoaderData,
  useLocation,
  useMatches,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { pageHandleOf } from '#client/page-handle.ts';
import type { SessionStatus } from '#shared/panel-context.ts';
import { panelContextOf } from '../server-context.ts';
import { sessionApi } from '../session-api.ts';
import { gateRedirect } from '#shared/panel-paths.ts';
import { IdleWarning } from '../session/IdleWarning.tsx';
import { AdminNavbar } from './AdminNavbar.tsx';

export interface AdminLayoutData {
  session: SessionStatus;
}

/**
 * The session's status, from the request's context on the server and from the session endpoint
 * in the browser, and the gating of SPEC §2 for client-side navigations. Leaving the panel for the
 * site root is a full page load (the public pages are static documents).
 */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<AdminLayoutData> {
  const session = panelContextOf(context)?.session ?? (await sessionApi.status());
  const target = gateRedirect(session.state, new URL(request.url).pathname);
  if (target === '/') throw redirectDocument(target);
  if (target) throw redirect(target);
  return { session };
}

/**
 * The session changes only when moving to another page or through the access screens' actions;
 * paging and filtering a list keep the status it has (the idle timer keeps its own watch).
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate;
  return currentUrl.pathname !== nextUrl.pathname;
}

/** Keeps the tab's title in step with client-side navigations (the server writes the first one). */
function useDocumentTitle() {
  const matches = useMatches();
  const title = pageHandleOf(matches.map((match) => match.handle))?.title;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}

/** After a client-side navigation, focus moves to the new page's content, as a page load would. */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    mainRef.current?.focus();
  }, [pathname]);
  return mainRef;
}

export function Component() {
  const { session } = useLoaderData<typeof loader>();
  useDocumentTitle();
  const mainRef = useFocusOnNavigation();
  return (
    <div className="panel">
      <a className="visually-hidden-focusable skip-link" href="#main">
        Skip to main content
      </a>
      <AdminNavbar state={session.state} reach={session.reach} />
      <main id="main" ref={mainRef} tabIndex={-1} className="container-fluid panel-main py-4">
        <Outlet />
      </main>
      {session.state === 'logged-in' ? <IdleWarning status={session} /> : null}
    </div>
  );
}
