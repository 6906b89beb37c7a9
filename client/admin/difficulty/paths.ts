import { PANEL_PATH } from '#shared/panel-paths.ts';
import { WORKBENCH_ID } from '../entities/level-form/verdicts.ts';

/** The Difficulty screen (issue 34): how players fare on each level of a stage. */
export const DIFFICULTY_PATH = `${PANEL_PATH}/difficulty`;

/** The screen's filters as its URL says them: the stage by its NUMBER, the language by id. */
export interface DifficultyParams {
  stage?: number | string;
  language?: number | string;
  since?: string;
  until?: string;
  activePlayers?: boolean;
}

/** `/argusma-words-panel/difficulty?stage=4&language=1`: shareable, read by the screen's loader. */
export function difficultyPath(params: DifficultyParams = {}): string {
  const query = new URLSearchParams();
  if (params.stage !== undefined && params.stage !== '') query.set('stage', String(params.stage));
  if (params.language !== undefined && params.language !== '') query.set('language', String(params.language));
  if (params.since) query.set('since', params.since);
  if (params.until) query.set('until', params.until);
  if (params.activePlayers) query.set('activePlayers', 'true');
  const text = query.toString();
  return text ? `${DIFFICULTY_PATH}?${text}` : DIFFICULTY_PATH;
}

/** A level's form, and its workbench (the solvability check) within it. */
export const levelFormPath = (levelId: number): string => `${PANEL_PATH}/level/update/${levelId}`;
export const levelWorkbenchPath = (levelId: number): string => `${levelFormPath(levelId)}#${WORKBENCH_ID}`;
