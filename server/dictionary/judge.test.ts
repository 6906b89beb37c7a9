import { describe, expect, it } from 'vitest';
import { judgeWord, offensiveWordsOf, type Judge } from './judge.ts';

// A speller that knows exactly these spellings, as Hunspell would list them.
const speller = (known: string[]) => ({ correct: (word: string) => known.includes(word) });

describe('judgeWord', () => {
  const judge: Judge = {
    speller: speller(['hello', 'Paris', 'NASA', 'Haus']),
    offensive: new Set(['badword', 'hello2']),
    nounsCapitalised: false,
  };

  it('knows a word the dictionary knows in lower case', () => {
    expect(judgeWord(judge, 'hello')).toBe('');
  });

  it('flags a word the dictionary does not know', () => {
    expect(judgeWord(judge, 'xqzt')).toBe('unknown');
  });

  it('flags a word known only capitalised or in capitals as a proper noun', () => {
    expect(judgeWord(judge, 'paris')).toBe('proper-noun');
    expect(judgeWord(judge, 'nasa')).toBe('proper-noun');
  });

  it('where every noun is capitalised, a capitalised-only word is known', () => {
    expect(judgeWord({ ...judge, nounsCapitalised: true }, 'haus')).toBe('');
    expect(judgeWord(judge, 'haus')).toBe('proper-noun');
  });

  it('flags an offensive word besides its dictionary verdict, in a fixed order', () => {
    expect(judgeWord(judge, 'badword')).toBe('unknown offensive');
  });
});

describe('offensiveWordsOf', () => {
  it('reads one word a line, lower case, without comments, blanks or phrases', () => {
    expect(offensiveWordsOf(['# mine', '', '  Foo ', 'two words', 'ÉCLAT'])).toEqual(['foo', 'éclat']);
  });
});
