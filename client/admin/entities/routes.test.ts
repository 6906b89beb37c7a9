import { describe, expect, it } from 'vitest';
import { contentEntities, entityByName } from '#shared/entities/index.ts';
import { ENTITY_SCREENS, entityRoutes } from './routes.tsx';
import { successMessage } from './messages.ts';

describe('entity routes', () => {
  it('match the entity descriptions (names, labels, add routes)', () => {
    expect(ENTITY_SCREENS.map((screen) => screen.name)).toEqual(contentEntities.map((entity) => entity.name));
    for (const screen of ENTITY_SCREENS) {
      const entity = entityByName(screen.name);
      expect(screen).toEqual({
        name: entity.name,
        label: entity.label,
        plural: entity.labelPlural,
        add: entity.panel.add,
      });
    }
  });

  it('are exactly the SPEC §2 routes', () => {
    expect(entityRoutes.map((route) => route.path)).toEqual([
      'level',
      'level/add',
      'level/update/:id',
      'user',
      'user/update/:id',
      'user-level',
      'user-level/update/:id',
      'language',
      'language/add',
      'language/update/:id',
      'letter-group',
      'letter-group/add',
      'letter-group/update/:id',
      'letter-group-level',
      'letter-group-level/update/:id',
      'letter-group-word',
      'letter-group-word/update/:id',
      'stage',
      'stage/add',
      'stage/update/:id',
      'word',
      'word/add',
      'word/update/:id',
    ]);
  });

  it('SPEC §8 success messages', () => {
    expect(successMessage('language', 'created')).toBe('Language created successfully');
    expect(successMessage('letter-group', 'updated')).toBe('Letter group updated successfully');
    expect(successMessage('letter-group-level', 'deleted')).toBe('Letter Group-Level deleted successfully');
    expect(successMessage('user', 'updated')).toBe('User updated successfully');
    expect(successMessage('user-level', 'updated')).toBeNull();
  });
});
