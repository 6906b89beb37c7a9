import { useEffect, useState } from 'react';
import type { SolvabilityRequest } from '#shared/solvability-request.ts';
import type { LevelSolvability } from '#shared/solvability.ts';
import { panelApi } from '#client/admin/api.ts';
import { errorMessage } from '../entity-api.ts';

/** Wait after the last keystroke before asking (the endpoint is rate-limited per admin). */
export const SOLVABILITY_DEBOUNCE_MS = 350;

export type SolvabilityState =
  | { status: 'idle' }
  | { status: 'loading'; previous: LevelSolvability | null }
  | { status: 'done'; answer: LevelSolvability }
  | { status: 'error'; message: string };

/**
 * The verdict of a level's unsaved values, asked again (debounced) whenever they change; only the
 * answer to the latest values is ever shown. `request` null: nothing to ask (no language yet).
 */
export function useSolvability(request: SolvabilityRequest | null): SolvabilityState {
  const key = request === null ? '' : JSON.stringify(request);
  // The latest answer and the values it is for: while they differ from the values now, a new
  // answer is on its way (and the last one stays on screen meanwhile).
  const [latest, setLatest] = useState<{
    key: string;
    answer?: LevelSolvability;
    error?: string;
  } | null>(null);
  useEffect(() => {
    if (key === '') return;
    let current = true;
    const timer = setTimeout(() => {
      panelApi()
        .solvability.ofValues(JSON.parse(key) as SolvabilityRequest)
        .then((answer) => current && setLatest({ key, answer }))
        .catch((error: unknown) => current && setLatest({ key, error: errorMessage(error) }));
    }, SOLVABILITY_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key]);
  if (key === '') return { status: 'idle' };
  if (latest?.key !== key) return { status: 'loading', previous: latest?.answer ?? null };
  if (latest.answer) return { status: 'done', answer: latest.answer };
  return { status: 'error', message: latest.error ?? 'Request failed' };
}
