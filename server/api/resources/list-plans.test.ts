import { describe, expect, it } from 'vitest';
import { pageTotal } from './list-plans.ts';

const rows = (n: number) => Array.from({ length: n }, (_, id) => ({ id }));

describe('pageTotal', () => {
  it('tells the total from a page short of full: the rows before it and on it', () => {
    expect(pageTotal({ page: 0, size: 20 })(rows(7))).toBe(7);
    expect(pageTotal({ page: 3, size: 20 })(rows(1))).toBe(61);
  });

  it('tells an empty first page is an empty list', () => {
    expect(pageTotal({ page: 0, size: 20 })([])).toBe(0);
  });

  it('tells nothing from a full page or an empty later one (more rows, or a page past the end)', () => {
    expect(pageTotal({ page: 0, size: 20 })(rows(20))).toBeNull();
    expect(pageTotal({ page: 5, size: 20 })(rows(20))).toBeNull();
    expect(pageTotal({ page: 5, size: 20 })([])).toBeNull();
  });
});
