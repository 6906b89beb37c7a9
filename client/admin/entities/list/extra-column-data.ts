import type { AnyEntity } from '#shared/entities/index.ts';
import type { SolvabilitySummary } from '#shared/solvability-request.ts';
import { panelApi } from '#client/admin/api.ts';
import { errorMessage, type Row } from '../entity-api.ts';

/** What a list's computed column shows for its page: levels' verdicts by id, or why not. */
export type ExtraColumnData = { byId: Record<string, SolvabilitySummary> } | { error: string };

/**
 * The computed column of a page, asked in one call with the page's ids while the list loads (on
 * the server for the first paint, so it works without JavaScript). Levels only: "Solvable". A
 * failure costs the column, never the list.
 */
export async function loadExtraColumn(
  entity: AnyEntity,
  rows: readonly Row[],
  context: unknown,
): Promise<ExtraColumnData | null> {
  if (entity.name !== 'level' || rows.length === 0) return null;
  try {
    const answer = await panelApi(context).solvability.ofLevels(rows.map((row) => row.id));
    return { byId: Object.fromEntries(answer.levels.map((level) => [String(level.id), level])) };
  } catch (error) {
    return { error: errorMessage(error) };
  }
}
