import { describe, expect, it } from 'vitest';
import { readWordFile, readWordFileSliced, repeatReason } from './word-file.ts';

describe('readWordFileSliced', () => {
  const text = Array.from({ length: 2500 }, (_, i) => (i % 100 === 7 ? `bad ${i}` : `w${'abc'[i % 3]}${i}`))
    .map((line) => line.replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!))
    .concat(['wqq', '# a comment', '', 'WQQ'])
    .join('\n');

  it('reads what readWordFile reads: words, refused lines, repeats', async () => {
    const sliced = await readWordFileSliced(text, 'txt', 1000);
    expect(sliced).toEqual(readWordFile(text, 'txt'));
    expect(sliced.rejected).toHaveLength(25);
    expect(sliced.duplicates).toBe(1);
  });

  it('names each repeated line and the line that holds its word first', () => {
    const file = readWordFile('# words\ncat\ndog\n\n  CAT \ndog\ncat\n', 'txt');
    expect(file.words.map((w) => [w.line, w.word])).toEqual([
      [2, 'cat'],
      [3, 'dog'],
    ]);
    expect(file.repeats).toEqual([
      { line: 5, text: '  CAT ', firstLine: 2 },
      { line: 6, text: 'dog', firstLine: 3 },
      { line: 7, text: 'cat', firstLine: 2 },
    ]);
    expect(file.repeats.map(repeatReason)).toEqual([
      'duplicate of line 2',
      'duplicate of line 3',
      'duplicate of line 2',
    ]);
    expect(file.duplicates).toBe(3);
  });

  it('lets the event loop take a turn between slices', async () => {
    // Another task waiting for the event loop: it runs again at each turn the reader gives.
    let turns = 0;
    let running = true;
    const other = () => {
      turns++;
      if (running) setImmediate(other);
    };
    setImmediate(other);
    await readWordFileSliced(text, 'txt', 500);
    running = false;
    expect(turns).toBeGreaterThanOrEqual(4);
  });
});
