import { errorFromResponse, parseBody } from '#shared/api-client/errors.ts';
import type { Draft } from '#shared/releases/api.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '#shared/panel-context.ts';
import { PROXY_PATH } from '#shared/panel-paths.ts';
import { panelContextOf } from '../server-context.ts';
import { trackedFetch } from '../session-api.ts';

/** What the home says of the draft: its changes not yet released and the findings stopping them. */
export interface Unreleased {
  changes: number;
  findings: number;
  /** The draft changed since it was counted; a new count is under way. */
  stale: boolean;
}

const summed = (draft: Draft | null): Unreleased | null =>
  draft && { changes: draft.diff.changes, findings: draft.findings.total, stale: draft.stale };

/**
 * The draft's last check, without waiting for a new one (`wait=false`): the home never waits for a
 * check of the whole content. Null while the first check runs, or when it cannot be had.
 */
export async function loadUnreleased(context: unknown): Promise<Unreleased | null> {
  try {
    const panel = panelContextOf(context);
    if (panel) return summed(await panel.api.releases.draft({ wait: false }));
    if (typeof window === 'undefined') return null;
    const response = await trackedFetch(`${PROXY_PATH}/releases/cms/draft?wait=false`, {
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, Accept: 'application/json' },
    });
    const text = await response.text();
    if (!response.ok) throw errorFromResponse(response, text);
    const body = parseBody(text) as Draft | { message: string };
    return summed('diff' in body ? body : null);
  } catch {
    return null;
  }
}
