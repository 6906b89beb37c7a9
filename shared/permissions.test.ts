import { describe, expect, it } from 'vitest';
import { language, stage, user, word } from './entities/index.ts';
import {
  describeReach,
  entityRefusal,
  languageRefusal,
  mayRead,
  mayWrite,
  narrowerReach,
  normalReach,
  reachWithin,
  type Reach,
} from './permissions.ts';
import { parseDays } from './team-limits.ts';

const names = (id: number) => ({ 1: 'French', 2: 'German', 3: 'Spanish' })[id] ?? `#${id}`;
const admin: Reach = { permissions: 'administrator', languages: null };
const frenchEditor: Reach = { permissions: 'editor', languages: [1] };
const viewer: Reach = { permissions: 'viewer', languages: null };

describe('permission sets', () => {
  it('lets editors change content but not players, viewers read content only', () => {
    expect([mayRead(frenchEditor, word), mayWrite(frenchEditor, word)]).toEqual([true, true]);
    expect([mayRead(frenchEditor, user), mayWrite(frenchEditor, user)]).toEqual([false, false]);
    expect([mayRead(viewer, language), mayWrite(viewer, language)]).toEqual([true, false]);
    expect([mayRead(admin, user), mayWrite(admin, user)]).toEqual([true, true]);
    expect(mayWrite(frenchEditor, stage)).toBe(true);
  });

  it('says why, in words a person reads', () => {
    expect(entityRefusal(frenchEditor, user, 'read')).toBe(
      'Your account may not see users: only administrators may',
    );
    expect(entityRefusal(viewer, word, 'write', 'Your token')).toBe(
      'Your token may view words only: it has viewer permissions',
    );
    expect(entityRefusal(frenchEditor, word, 'write')).toBeNull();
    expect(languageRefusal({ permissions: 'editor', languages: [1, 2, 3] }, word, 'write', names)).toBe(
      'Your account may edit French, German and Spanish words only',
    );
    expect(describeReach(frenchEditor, names)).toBe('editor of French');
    expect(describeReach(admin, names)).toBe('administrator');
  });

  it('never limits an administrator to languages, and sorts a reach', () => {
    expect(normalReach('administrator', [1])).toEqual(admin);
    expect(normalReach('editor', [3, 1, 3])).toEqual({ permissions: 'editor', languages: [1, 3] });
  });

  it('keeps a token within its owner: the lower set, the common languages', () => {
    expect(reachWithin(frenchEditor, admin)).toBe(true);
    expect(reachWithin(admin, frenchEditor)).toBe(false);
    expect(reachWithin({ permissions: 'viewer', languages: null }, frenchEditor)).toBe(false);
    expect(reachWithin({ permissions: 'viewer', languages: [1] }, frenchEditor)).toBe(true);
    expect(
      narrowerReach(
        { permissions: 'editor', languages: [1, 2] },
        { permissions: 'viewer', languages: [2, 3] },
      ),
    ).toEqual({
      permissions: 'viewer',
      languages: [2],
    });
    expect(narrowerReach(admin, frenchEditor)).toEqual(frenchEditor);
    // An owner narrowed to languages the token lacks: the token reaches no language at all.
    expect(narrowerReach({ permissions: 'editor', languages: [2] }, frenchEditor).languages).toEqual([]);
  });

  it('reads an expiry as a person writes it', () => {
    expect([parseDays('30d'), parseDays('12w'), parseDays('1y'), parseDays('7'), parseDays('soon')]).toEqual([
      30,
      84,
      365,
      7,
      null,
    ]);
  });
});
