import { describe, expect, it } from 'vitest';
import { isCurrentSection, sectionLinkProps } from './plain-links.ts';

describe('the navbar’s current section (as <NavLink> marks it)', () => {
  const words = '/argusma-words-panel/word';

  it('is the section’s own page and every page below it, in any case', () => {
    expect(isCurrentSection('/argusma-words-panel/word', words)).toBe(true);
    expect(isCurrentSection('/argusma-words-panel/word/', words)).toBe(true);
    expect(isCurrentSection('/argusma-words-panel/word/update/3', words)).toBe(true);
    expect(isCurrentSection('/Argusma-Words-Panel/Word', words)).toBe(true);
  });

  it('is not a sibling whose path merely starts the same', () => {
    expect(isCurrentSection('/argusma-words-panel/words', words)).toBe(false);
    expect(
      isCurrentSection('/argusma-words-panel/letter-group-word', '/argusma-words-panel/letter-group'),
    ).toBe(false);
    expect(isCurrentSection('/argusma-words-panel', words)).toBe(false);
  });

  it('gives the current link the active class and aria-current, and no other', () => {
    expect(sectionLinkProps('/argusma-words-panel/word/add', words, 'nav-link')).toEqual({
      href: words,
      className: 'nav-link active',
      'aria-current': 'page',
    });
    expect(sectionLinkProps('/argusma-words-panel/user', words, 'nav-link')).toEqual({
      href: words,
      className: 'nav-link',
      'aria-current': undefined,
    });
  });
});
