import { requiredWordCount, wordSatisfies } from '#shared/check-condition-words.ts';
import { parseCheckCondition } from '#shared/check-condition.ts';
import { letterCount } from '#shared/words.ts';
import type { PlannedGroup } from './groups.ts';
import type { PlannedLevel } from './levels.ts';

/**
 * Demo players (role 'common') and their progress. Each plays the levels of their language in
 * order: the first `completed` levels are done, the next one is open, the two after it locked.
 * The user's totals are the sums of their user-levels, so list screens tell one story.
 */

export interface PlannedUserLevel {
  levelNumber: number;
  completed: boolean;
  locked: boolean;
  validWords: number;
  invalidWords: number;
  duplicateWords: number;
  wordsPerSecond: number;
  highestScore: number;
  mostValuableWordEntered: string;
}

export interface PlannedPlayer {
  username: string;
  email: string;
  avatar: string;
  language: 'en' | 'es';
  isActive: boolean;
  firstLoad: boolean;
  coins: number;
  diamonds: number;
  validWords: number;
  invalidWords: number;
  duplicateWords: number;
  maxLevel: number;
  totalScore: number;
  previousUsername: string;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  userLevels: PlannedUserLevel[];
}

interface PlayerProfile {
  username: string;
  language: 'en' | 'es';
  completed: number;
  coins: number;
  diamonds: number;
  createdAt: string;
  previousUsername?: string;
  deletedAt?: string;
}

const PROFILES: readonly PlayerProfile[] = [
  { username: 'anna.wordsmith', language: 'en', completed: 9, coins: 140, diamonds: 3, createdAt: '2025-01-06T09:12:00.000Z' },
  { username: 'ben_puzzles', language: 'en', completed: 4, coins: 35, diamonds: 0, createdAt: '2025-01-19T17:40:00.000Z' },
  { username: 'chloe.reads', language: 'en', completed: 15, coins: 260, diamonds: 7, createdAt: '2024-12-02T08:05:00.000Z', previousUsername: 'chloe_r' },
  { username: 'dan.k', language: 'en', completed: 0, coins: 10, diamonds: 0, createdAt: '2025-03-01T20:30:00.000Z' },
  { username: 'lucia.palabras', language: 'es', completed: 7, coins: 95, diamonds: 2, createdAt: '2025-01-11T11:00:00.000Z' },
  { username: 'mateo_juega', language: 'es', completed: 2, coins: 20, diamonds: 0, createdAt: '2025-02-14T15:25:00.000Z' },
  { username: 'sam.oldaccount', language: 'en', completed: 3, coins: 0, diamonds: 0, createdAt: '2024-11-20T10:00:00.000Z', deletedAt: '2025-02-01T12:00:00.000Z' },
]; // prettier-ignore

const AVATARS = ['fox', 'owl', 'cat', 'bear', 'panda', 'koala', 'tiger'];

export function planPlayers(
  levels: readonly PlannedLevel[],
  groups: readonly PlannedGroup[],
): PlannedPlayer[] {
  return PROFILES.map((profile, p) => {
    const own = levels.filter((l) => l.language === profile.language).sort((a, b) => a.number - b.number);
    const userLevels = own
      .slice(0, profile.completed + 3)
      .map((level, i) => playedLevel(level, groups, p, i - profile.completed));
    const sum = (key: 'validWords' | 'invalidWords' | 'duplicateWords' | 'highestScore') =>
      userLevels.reduce((total, ul) => total + ul[key], 0);
    const lastPlayed = new Date(Date.parse(profile.createdAt) + (profile.completed + 1) * 86_400_000);
    return {
      username: profile.username,
      email: `${profile.username.replace(/[^a-z0-9.]/g, '.')}@example.com`,
      avatar: `avatars/${AVATARS[p % AVATARS.length]}.png`,
      language: profile.language,
      isActive: profile.deletedAt === undefined,
      firstLoad: profile.completed === 0,
      coins: profile.coins,
      diamonds: profile.diamonds,
      validWords: sum('validWords'),
      invalidWords: sum('invalidWords'),
      duplicateWords: sum('duplicateWords'),
      maxLevel: own[Math.min(profile.completed, own.length - 1)]?.number ?? 0,
      totalScore: sum('highestScore'),
      previousUsername: profile.previousUsername ?? '',
      createdAt: profile.createdAt,
      updatedAt: profile.deletedAt ?? lastPlayed.toISOString(),
      deletedAt: profile.deletedAt ?? null,
      userLevels,
    };
  });
}

/** `position` < 0: completed; 0: the open level (tried once, not finished); > 0: locked, untouched. */
function playedLevel(
  level: PlannedLevel,
  groups: readonly PlannedGroup[],
  player: number,
  position: number,
): PlannedUserLevel {
  const base = { levelNumber: level.number, completed: position < 0, locked: position > 0 };
  if (position > 0) {
    return { ...base, validWords: 0, invalidWords: 0, duplicateWords: 0, wordsPerSecond: 0, highestScore: 0, mostValuableWordEntered: '' }; // prettier-ignore
  }
  const { parts } = parseCheckCondition(level.checkCondition);
  const required = requiredWordCount(parts);
  const jitter = (player * 7 + level.number * 3) % 5;
  const validWords = position < 0 ? required + jitter : Math.max(0, Math.floor(required / 2));
  const group = groups.find((g) => g.language === level.language && g.letters === level.groups[0]);
  const best = (group?.words ?? [])
    .filter((w) => wordSatisfies(w, parts))
    .reduce((longest, w) => (letterCount(w) > letterCount(longest) ? w : longest), '');
  return {
    ...base,
    validWords,
    invalidWords: (player + level.number) % 4,
    duplicateWords: (player + 2 * level.number) % 3,
    wordsPerSecond: Math.round((validWords / level.time) * 100) / 100,
    highestScore: validWords * 10 + (validWords > 0 ? letterCount(best) * 5 : 0),
    mostValuableWordEntered: validWords > 0 ? best : '',
  };
}
