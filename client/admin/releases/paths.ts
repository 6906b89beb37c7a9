import { PANEL_PATH } from '#shared/panel-paths.ts';

/** The Releases screen (issue 45): what the game gets, the draft's pending changes, publishing. */
export const RELEASES_PATH = `${PANEL_PATH}/releases`;
