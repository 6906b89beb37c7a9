import { Link } from 'react-router';
import { readableNumber } from '#shared/entities/messages.ts';
import { RELEASES_PATH } from '../releases/paths.ts';
import type { Unreleased } from './unreleased.ts';

/** "3 changes not yet released": edits wait for a publish before players see them (issue 45); part of the attention line. */
export function UnreleasedChanges({ unreleased }: { unreleased: Unreleased | null }) {
  if (!unreleased) return null;
  const { changes, findings } = unreleased;
  return (
    <span role="status">
      <span data-testid="unreleased-changes">
        {changes === 0
          ? 'Players have every change: nothing is waiting to be released'
          : `${readableNumber(changes)} ${changes === 1 ? 'change' : 'changes'} not yet released`}
        {findings > 0
          ? ` (${readableNumber(findings)} ${findings === 1 ? 'finding stops' : 'findings stop'} a publish)`
          : ''}
        {unreleased.stale ? ' — counting again' : ''}
      </span>{' '}
      <Link to={RELEASES_PATH}>Review and publish</Link>
    </span>
  );
}
