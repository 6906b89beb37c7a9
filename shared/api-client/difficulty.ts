import type { DifficultyFilters, DifficultyReport } from '../difficulty.ts';
import type { Transport } from './transport.ts';

/** `levels/cms/difficulty`: how players fare on each level of a stage. */
export interface DifficultyClient {
  ofStage(filters: DifficultyFilters): Promise<DifficultyReport>;
}

/** The filters as the query string the API reads (`stageId=3&languageId=1&activePlayers=true`). */
export function difficultyQuery(filters: DifficultyFilters): URLSearchParams {
  const query = new URLSearchParams({ stageId: String(filters.stageId) });
  if (filters.languageId !== undefined) query.set('languageId', String(filters.languageId));
  if (filters.since) query.set('since', filters.since);
  if (filters.until) query.set('until', filters.until);
  if (filters.activePlayers) query.set('activePlayers', 'true');
  return query;
}

export function difficultyClient(transport: Transport): DifficultyClient {
  return {
    ofStage: (filters) =>
      transport.call({ method: 'GET', path: 'levels/cms/difficulty', query: difficultyQuery(filters) }),
  };
}
