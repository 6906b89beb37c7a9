import { PANEL_PATH } from '#shared/panel-paths.ts';
import type { EntityName } from '#shared/entities/index.ts';

/** Every entity screen is under the panel (SPEC §2): `/argusma-words-panel/{entity}[/add|/update/{id}]`. */
const PANEL_BASE = PANEL_PATH;

export const listPath = (name: EntityName): string => `${PANEL_BASE}/${name}`;
export const addPath = (name: EntityName): string => `${PANEL_BASE}/${name}/add`;
export const editPath = (name: EntityName, id: number): string => `${PANEL_BASE}/${name}/update/${id}`;
