import { describe, expect, it } from 'vitest';
import { csvLine, csvRecords, parseCsv } from '#shared/import/csv.ts';
import { readLevelFile } from './level-file.ts';
import { formatOf, readWordFile } from '#shared/import/word-file.ts';

describe('parseCsv', () => {
  it('reads quotes, doubled quotes, line breaks inside quotes, CRLF, and keeps each record’s line', () => {
    const text = 'a,b\r\n"x, y","say ""hi"""\r\n\r\n"two\nlines",z\nlast,';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', 'say "hi"'] },
      { line: 4, cells: ['two\nlines', 'z'] },
      { line: 6, cells: ['last', ''] },
    ]);
  });

  it('takes semicolons when the first line has more of them; refuses an unclosed quote', () => {
    expect(parseCsv('a;b\n1;2,5')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2,5'] },
    ]);
    expect(() => parseCsv('a\n"open')).toThrow('line 2: a quoted field is never closed');
  });

  it('writes cells that read back the same', () => {
    const values = ['plain', 'with, comma', 'with "quote"', 'two\nlines', null];
    expect(parseCsv(csvLine(values))[0]!.cells).toEqual([
      'plain',
      'with, comma',
      'with "quote"',
      'two\nlines',
      '',
    ]);
  });
});

describe('word files', () => {
  it('txt: skips blanks and comments, rejects with the line, drops repeats after normalising', () => {
    const file = readWordFile('\uFEFF# header\nCat\n\n  cat \ndo g\n', 'txt');
    expect(file.words).toEqual([{ line: 2, text: 'Cat', word: 'cat' }]);
    expect(file.duplicates).toBe(1);
    expect(file.rejected).toEqual([{ line: 5, text: 'do g', reason: 'contains a space: one word per line' }]);
  });

  it('csv without a header takes the first column; the format comes from the option or the extension', () => {
    expect(readWordFile('perro,dog\ngato,cat\n', 'csv').words.map((w) => w.word)).toEqual(['perro', 'gato']);
    expect(formatOf('words.CSV', undefined, ['txt', 'csv'])).toBe('csv');
    expect(formatOf('words', undefined, ['txt', 'csv'])).toBe('txt');
    expect(() => formatOf('a.txt', 'xml', ['txt', 'csv'])).toThrow('Unknown format "xml": use txt, csv');
  });
});

describe('level files', () => {
  it('composes the check condition with the shared rule and names unknown columns', () => {
    const file = readLevelFile(
      'Stage,languageId,NUMBER,requiredLetter,endIsStart,numberOfWords,numberOfLetters,letterGroups\n' +
        '1,2,3,first,true,4,5,7 8\n',
      'csv',
    );
    expect(file.levels).toEqual([
      {
        line: 2,
        level: {
          stageId: 1,
          languageId: 2,
          number: 3,
          requiredLetterFlag: true,
          requiredLetter: 'first',
          checkCondition: 'words::4::sameCharStart',
        },
        letterGroups: [7, 8],
      },
    ]);
    expect(() => readLevelFile('stage,language,number,colour\n', 'csv')).toThrow(/Unknown column "colour"/);
    const json = readLevelFile(JSON.stringify([{ stage: 1, language: 1, number: 'x' }, 'text']), 'json');
    expect(json.rejected).toEqual([
      { line: 1, reason: 'number must be a whole number, not "x"' },
      { line: 2, reason: 'must be an object of level fields' },
    ]);
  });
});

describe('streamed CSV', () => {
  it('gives the same records and lines whatever the chunks, a quoted field cut between two', async () => {
    const text = 'a;b\r\n"x; y";"two\nlines"\n\n3;4\r5;6';
    const expected = [
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x; y', 'two\nlines'] },
      { line: 5, cells: ['3', '4'] },
      { line: 6, cells: ['5', '6'] },
    ];
    expect(parseCsv(text)).toEqual(expected);
    for (const size of [1, 3, 7, 100]) {
      async function* chunks() {
        for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
      }
      const records = [];
      for await (const batch of csvRecords(chunks())) records.push(...batch);
      expect(records, `chunks of ${size}`).toEqual(expected);
    }
  });
});
