import { errorFromResponse, parseBody } from '#shared/api-client/errors.ts';
import type { HealthReport } from '#shared/health-report.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '#shared/panel-context.ts';
import { PROXY_PATH } from '#shared/panel-paths.ts';
import { panelContextOf } from '../server-context.ts';
import { trackedFetch } from '../session-api.ts';

export interface HealthLoad {
  report: HealthReport | null;
  /** Why there is no report (rate limit, database down): the home still shows its cards. */
  error: string | null;
}

/**
 * The health report for the home's loader: on the server through the request's API client, in the
 * browser through the panel proxy with a plain fetch (not panelApi, whose entity descriptions
 * would weigh on the home's bundle).
 */
export async function loadHealth(context: unknown): Promise<HealthLoad> {
  try {
    const panel = panelContextOf(context);
    if (panel) return { report: await panel.api.health.report(), error: null };
    if (typeof window === 'undefined') return { report: null, error: null };
    const response = await trackedFetch(`${PROXY_PATH}/health/cms`, {
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, Accept: 'application/json' },
    });
    const text = await response.text();
    if (!response.ok) throw errorFromResponse(response, text);
    return { report: parseBody(text) as HealthReport, error: null };
  } catch (error) {
    return { report: null, error: error instanceof Error ? error.message : String(error) };
  }
}
