import { PANEL_PATH } from '#shared/panel-paths.ts';

/** The Dictionary screen (issue 46): each language's dictionary, findings and decisions. */
export const DICTIONARY_PATH = `${PANEL_PATH}/dictionary`;
