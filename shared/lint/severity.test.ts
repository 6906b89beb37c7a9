import { describe, expect, it } from 'vitest';
import { lintInput } from './index.ts';
import { severityOf } from './severity.ts';

describe('severityOf', () => {
  it('stops a release for what a player would meet, not for a letter group’s own problems', async () => {
    const problems = await lintInput({
      languages: [{ id: 1, isActive: true, language: 'English' }],
      stages: [
        { id: 1, isActive: true, number: 1, letterCount: 3 },
        { id: 2, isActive: false, number: 2, letterCount: 3 },
      ],
      levels: [
        { id: 1, isActive: true, number: 1, languageId: 1, stageId: 2, checkCondition: 'words::1' },
        { id: 2, isActive: true, number: 2, languageId: 1, stageId: 1, checkCondition: 'words::1' },
      ],
      letterGroups: [{ id: 5, isActive: true, letters: 'tap', languageId: 1, stageId: 1 }],
      letterGroupLevels: [{ id: 1, letterGroupId: 5, levelId: 2 }],
      groupWords: new Map([[5, { activeWords: [{ letters: 'pat', languageId: 1 }], inactiveIds: [9] }]]),
      words: [],
    });
    const errors = problems
      .filter((p) => severityOf(p) === 'error')
      .map((p) => `${p.kind} ${p.entity} ${p.id}`);
    const warnings = problems
      .filter((p) => severityOf(p) === 'warning')
      .map((p) => `${p.kind} ${p.entity} ${p.id}`);
    // Level 1: in an inactive stage and without letter groups. Level 2 is fine.
    expect(errors.sort()).toEqual(['inactive-reference level 1', 'level-without-letter-groups level 1']);
    // The group linked to deactivated word 9: shown, not blocking.
    expect(warnings).toEqual(['inactive-reference letter-group 5']);
  });
});
