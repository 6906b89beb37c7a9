import { describe, expect, it } from 'vitest';
import { auditEntry, contentEntities } from '#shared/entities/index.ts';
import { TEXT_SEARCH_COLUMNS } from '../../db/migrations/0005-text-search.ts';
import { indexableRuns, textFilterPlan } from './text-match.ts';

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

describe('text filters and the trigram index', () => {
  it('indexes every text filter of every list (a new one needs its migration)', () => {
    for (const entity of [...contentEntities, auditEntry]) {
      for (const filter of entity.filters.filter((f) => f.kind === 'text' && !f.fewValues)) {
        expect(TEXT_SEARCH_COLUMNS[snake(entity.table)], `${entity.resource}.${filter.field}`).toContain(
          snake(filter.field),
        );
      }
    }
  });

  it('looks up only runs of three characters that fold one way', () => {
    expect(indexableRuns('tion')).toEqual(['tion']);
    expect(indexableRuns('ab')).toEqual([]);
    expect(indexableRuns('Ñandú')).toEqual(['Ñandú']);
    // ı (dotless) upper-cases to I, which lower-cases to i: the index cannot be trusted with it.
    expect(indexableRuns('ızmir')).toEqual(['zmir']);
    expect(indexableRuns('kırmızı')).toEqual([]);
    expect(indexableRuns('abcıdefı')).toEqual(['abc', 'def']);
  });

  it('checks the exact match on the candidates unless the index answer is exact', () => {
    expect(textFilterPlan('sqlite', 'letters', 'tion')).toEqual({ match: 'letters : "tion"', check: null });
    expect(textFilterPlan('sqlite', 'letters', 'Ñan').check).not.toBeNull();
    expect(textFilterPlan('sqlite', 'letters', 'ab')).toMatchObject({ match: null });
    expect(textFilterPlan('sqlite', 'hint', 'say "hi"').match).toBe('hint : "say ""hi"""');
    expect(textFilterPlan('postgres', 'hint', 'tion').match).toBeNull();
  });
});
