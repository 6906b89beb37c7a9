import { describe, expect, it } from 'vitest';
import { FULL_REACH, type Reach } from '#shared/permissions.ts';
import { navEntries, SPEC_NAV, TOOLS_NAV, visibleNav } from './nav-items.ts';

const labels = (reach: Reach) =>
  navEntries(visibleNav([...SPEC_NAV, ...TOOLS_NAV], reach)).map((e) => e.label);

describe('the navbar offers what the account may use (issues 33, 43)', () => {
  it('offers the trash to administrators only, limited to languages or not', () => {
    expect(labels(FULL_REACH)).toContain('Trash');
    for (const reach of [
      { permissions: 'editor', languages: null },
      { permissions: 'viewer', languages: null },
      { permissions: 'editor', languages: [1] },
      { permissions: 'viewer', languages: [1] },
    ] as Reach[]) {
      expect(labels(reach), JSON.stringify(reach)).not.toContain('Trash');
      expect(labels(reach)).not.toContain('Team');
      // Their own change sets are theirs to see.
      expect(labels(reach)).toContain('Changes');
    }
  });
});
