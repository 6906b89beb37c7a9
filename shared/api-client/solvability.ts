import type { SolvabilityBatch, SolvabilityRequest } from '../solvability-request.ts';
import type { LevelSolvability } from '../solvability.ts';
import type { Transport } from './transport.ts';

/** The solvability of levels (`levels/cms/solvability`, `levels/cms/{id}/solvability`). */
export interface SolvabilityClient {
  /** A level's values, saved or not (the form's unsaved input). */
  ofValues(request: SolvabilityRequest): Promise<LevelSolvability>;
  /** A stored level, with its linked letter groups. */
  ofLevel(id: number): Promise<LevelSolvability>;
  /** Many stored levels at once (a list page): one call. */
  ofLevels(ids: readonly number[]): Promise<SolvabilityBatch>;
}

export function solvabilityClient(transport: Transport): SolvabilityClient {
  const base = 'levels/cms/solvability';
  return {
    ofValues: (request) => transport.call({ method: 'POST', path: base, body: request }),
    ofLevel: (id) => transport.call({ method: 'GET', path: `levels/cms/${Math.trunc(id)}/solvability` }),
    ofLevels: (ids) =>
      transport.call({ method: 'GET', path: base, query: new URLSearchParams({ ids: ids.join(',') }) }),
  };
}
