import type { ReactNode } from 'react';
import { useFollowLink } from '../../components/plain-links.ts';

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
 * so paging works before JavaScript too; the router follows them without reloading (plain-links.ts).
 */
export function Pager({ page, totalPages, loading, hrefOf, children }: PagerProps) {
  const last = Math.max(totalPages, 1);
  const follow = useFollowLink({ preventScrollReset: true });
  const step = (label: string, target: number, enabled: boolean) =>
    enabled && !loading ? (
      <a className="btn btn-primary" href={hrefOf(target)} onClick={follow}>
        {label}
      </a>
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
