import { Link } from 'react-router';
import type { PageHandle } from '#client/page-handle.ts';
import { PublicLayout } from '#client/public/PublicLayout.tsx';

export const handle: PageHandle = {
  title: 'Argus Words — Page not found',
  description:
    'Sorry, we could not find the page you were looking for. Head back to the Argus Words home page to discover the word game that grows your vocabulary.',
  static: true,
};

export default function NotFound() {
  return (
    <PublicLayout>
      <div className="container py-5 not-found text-center">
        <p className="not-found-tiles" aria-hidden="true">
          <span className="letter-tile">4</span>
          <span className="letter-tile">0</span>
          <span className="letter-tile">4</span>
        </p>
        <h1 className="display-5 fw-bold">Error 404</h1>
        <p className="lead">Page not found</p>
        <p className="mx-auto not-found-text">
          This page seems to have wandered off the level map. Let&apos;s get you back to familiar letters.
        </p>
        <Link className="btn btn-brand btn-lg" to="/">
          Go Home
        </Link>
      </div>
    </PublicLayout>
  );
}
