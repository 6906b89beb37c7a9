import type { PanelContext } from '#shared/panel-context.ts';

/**
 * The loaders' `context` as the panel's server side builds it (server/panel/loader-context.ts),
 * or null in the browser, where React Router passes nothing of the kind.
 */
export function panelContextOf(context: unknown): PanelContext | null {
  if (typeof context !== 'object' || context === null) return null;
  const candidate = context as Partial<PanelContext>;
  return candidate.api && candidate.session ? (candidate as PanelContext) : null;
}
