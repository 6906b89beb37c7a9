import { PANEL_PATH } from '#shared/panel-paths.ts';

/** One letter group's link builder. */
export const linkBuilderPath = (letterGroupId: number): string =>
  `${PANEL_PATH}/letter-group/${letterGroupId}/links`;

/** The link builder of every letter group the list's filters name (`?stageId=3`). */
export const linkJobsPath = (filters: Record<string, string | number | boolean> = {}): string => {
  const query = new URLSearchParams(Object.entries(filters).map(([k, v]) => [k, String(v)])).toString();
  return `${PANEL_PATH}/letter-group/links${query ? `?${query}` : ''}`;
};
