import { describe, expect, it } from 'vitest';
import { word } from '#shared/entities/word.ts';
import { UUID_PATTERN } from '#shared/change-set-wire.ts';
import { newUuid, panelChangeSet } from '../../change-set-tag.ts';
import { bulkCommand } from './bulk-command.ts';

describe('bulkCommand', () => {
  it('names the filter, the row count and the values set', () => {
    expect(
      bulkCommand('update', word, { where: { letters: 'qq', isActive: 'true' } }, 312, { isActive: false }),
    ).toBe('bulk update words where letters=qq isActive=true (312 rows) set isActive=false');
    expect(bulkCommand('delete', word, { where: {} }, 1)).toBe('bulk delete words all rows (1 row)');
  });

  it('names at most twenty ticked ids', () => {
    const ids = Array.from({ length: 25 }, (_, i) => i + 1);
    expect(bulkCommand('delete', word, { ids }, 25)).toBe(
      `bulk delete words ids ${ids.slice(0, 20).join(',')},… (25 rows)`,
    );
  });
});

describe('panelChangeSet', () => {
  it('is a fresh uuid with the command, cut to what the server keeps', () => {
    const a = panelChangeSet('bulk delete words ids 1 (1 row)');
    expect(a.id).toMatch(UUID_PATTERN);
    expect(a.id).not.toBe(newUuid());
    expect(a.command).toBe('panel: bulk delete words ids 1 (1 row)');
    const long = panelChangeSet('x'.repeat(3000)).command;
    expect(long).toHaveLength(2000);
    expect(long.endsWith('…')).toBe(true);
  });
});
