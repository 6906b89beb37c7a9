/**
 * The change-set headers and limits, without zod: the panel's history screens use them and must not
 * load the schemas (zod and its eval probe stay out of their chunk; see change-sets.ts for the rest).
 */

/** Request headers a client sends with every write of a run (the API client does it; see transport.ts). */
export const CHANGE_SET_HEADER = 'X-Change-Set';
/** The command line, percent-encoded (a header holds only Latin-1; a command may hold any letter). */
export const CHANGE_SET_COMMAND_HEADER = 'X-Change-Set-Command';
/** Answer header: how many audit entries this request added to the change set (after its commit). */
export const CHANGE_SET_RECORDED_HEADER = 'X-Change-Set-Recorded';
/** Longest command kept, in characters (decoded). */
export const MAX_COMMAND_LENGTH = 2000;

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
