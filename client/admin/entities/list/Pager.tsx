import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface PagerProps {
  page: number;
  totalPages: number;
  loading: boolean;
  /** The list URL of another page, filters kept. */
  hrefOf(page: number): string;
  /** Go to a typed page, choose the page size (PageControls). */
  children?: ReactNode;
}

/**
 * 'Page X of Y' with Prev and Next (SPEC §2), disabled at the ends and while a page loads. Links,
 * so paging works before JavaScript too; the router turns them into client navigations.
 */
export function Pager({ page, totalPages, loading, hrefOf, children }: PagerProps) {
  const last = Math.max(totalPages, 1);
  const step = (label: string, target: number, enabled: boolean) =>
    enabled && !loading ? (
      <Link className="btn btn-primary" to={hrefOf(target)} preventScrollReset>
        {label}
      </Link>
    ) : (
      <button type="button" className="btn btn-primary" disabled>
        {label}
      </button>
    );
  return (
    <nav className="d-flex flex-wrap align-items-center column-gap-3 row-gap-2 my-3" aria-label="Pages">
      <div className="d-flex align-items-center gap-3">
        {step('Prev', page - 1, page > 1)}
        <span aria-live="polite">
          Page {Math.min(page, last)} of {last}
        </span>
        {step('Next', page + 1, page < last)}
      </div>
      {children}
    </nav>
  );
}
