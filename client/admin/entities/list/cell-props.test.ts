import { describe, expect, it } from 'vitest';
import { cellProps, LONG_TEXT } from './cell-props.ts';

describe('list cell attributes', () => {
  it('label every cell; give long text its full value as a tooltip and a tab stop', () => {
    expect(cellProps('Hint', 'short')).toEqual({ 'data-label': 'Hint' });
    expect(cellProps('Hint', 'x'.repeat(LONG_TEXT))).toEqual({ 'data-label': 'Hint' });
    const long = 'y'.repeat(LONG_TEXT + 1);
    expect(cellProps('Hint', long)).toEqual({
      'data-label': 'Hint',
      className: 'panel-cell-long',
      title: long,
      tabIndex: 0,
    });
  });
});
