import { useCallback, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

export type FollowLink = (event: MouseEvent<HTMLAnchorElement>) => void;

/**
 * A click handler for plain `<a href>` links to panel pages, shared by every link of a list.
 *
 * React Router's `<Link>` resolves its target, reads the location, the navigator and the route
 * context and builds a click handler on every render, and a list page renders dozens of them
 * (Edit and a foreign key per row, the sort headers, the pager): a visible share of the page's
 * server time (P2). Those links already hold absolute paths, so they are plain
 * anchors with this one handler, which does what `<Link>` does with a click: a plain left click on
 * a same-origin link without a target becomes a client navigation (replacing the history entry
 * when it leads to the page already shown); any other click (a new tab, a download) is left to the
 * browser. Before hydration they are ordinary links, as `<Link>`s are.
 */
export function useFollowLink(options: { preventScrollReset?: boolean } = {}): FollowLink {
  const navigate = useNavigate();
  const { preventScrollReset = false } = options;
  return useCallback(
    (event) => {
      const link = event.currentTarget;
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.altKey ||
        event.ctrlKey ||
        event.shiftKey ||
        (link.target !== '' && link.target !== '_self') ||
        link.hasAttribute('download')
      ) {
        return;
      }
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const to = `${url.pathname}${url.search}${url.hash}`;
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      void navigate(to, { preventScrollReset, replace: to === here });
    },
    [navigate, preventScrollReset],
  );
}

/**
 * Whether a navigation link to `to` is the current section, as `<NavLink>` decides: the path
 * itself or a page below it, compared without case (`/argusma-words-panel/word/update/3` is in
 * Words, `/argusma-words-panel/words` is not).
 */
export function isCurrentSection(pathname: string, to: string): boolean {
  const path = pathname.toLowerCase();
  const target = to.toLowerCase().replace(/\/+$/, '');
  return path === target || (path.startsWith(target) && path.charAt(target.length) === '/');
}

/** `<NavLink>`'s attributes for a plain link: `active` and `aria-current` on the current section. */
export function sectionLinkProps(pathname: string, to: string, className: string) {
  const current = isCurrentSection(pathname, to);
  return {
    href: to,
    className: current ? `${className} active` : className,
    'aria-current': current ? ('page' as const) : undefined,
  };
}
