import { readFileSync } from 'node:fs';
import path from 'node:path';
import { normalizeWord } from '#shared/words.ts';
import { LANGUAGES, STAGES, type SeedLanguage, type SeedStage } from './content.ts';
import { planGroups, type PlannedGroup } from './groups.ts';
import { planLevels, type PlannedLevel } from './levels.ts';
import { planPlayers, type PlannedPlayer } from './players.ts';
import { ROOT } from '../root.ts';

/**
 * The whole demo data set in memory, rows referring to each other by natural keys (language key,
 * stage number, group letters, word, level number); the seeder turns those into ids.
 */
export interface DemoPlan {
  languages: readonly SeedLanguage[];
  stages: readonly SeedStage[];
  words: Array<{ language: 'en' | 'es'; letters: string }>;
  groups: PlannedGroup[];
  levels: PlannedLevel[];
  players: PlannedPlayer[];
}

/** Reads a shipped word list (./data), normalised like `words import`; throws on an invalid line. */
export function loadWordList(file: string): string[] {
  const text = readFileSync(path.join(ROOT, 'server/seed/data', file), 'utf8');
  const words = new Set<string>();
  text.split('\n').forEach((line, index) => {
    const result = normalizeWord(line);
    if (result && !result.ok) throw new Error(`${file} line ${index + 1}: "${line}" ${result.reason}`);
    if (result) words.add(result.word);
  });
  return [...words];
}

export function planDemoContent(wordLists: Record<'en' | 'es', readonly string[]>): DemoPlan {
  const keys = ['en', 'es'] as const;
  const groups = keys.flatMap((language) => planGroups(language, wordLists[language]));
  const levels = keys.flatMap((language) =>
    STAGES.flatMap((stage) =>
      planLevels(
        language,
        stage,
        groups.filter((g) => g.language === language && g.stageNumber === stage.number),
      ),
    ),
  );
  return {
    languages: LANGUAGES,
    stages: STAGES,
    words: keys.flatMap((language) => wordLists[language].map((letters) => ({ language, letters }))),
    groups,
    levels,
    players: planPlayers(levels, groups),
  };
}

/** The demo plan from the shipped word lists. */
export function loadDemoPlan(): DemoPlan {
  const list = (key: 'en' | 'es') => loadWordList(LANGUAGES.find((l) => l.key === key)!.wordFile!);
  return planDemoContent({ en: list('en'), es: list('es') });
}
