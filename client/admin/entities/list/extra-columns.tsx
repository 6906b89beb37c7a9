import type { ReactNode } from 'react';
import { Link, useLoaderData } from 'react-router';
import type { AnyEntity } from '#shared/entities/index.ts';
import type { Row } from '../entity-api.ts';
import { formHref } from '../list-return.ts';
import { editPath } from '../paths.ts';
import { VERDICT_CLASS, VERDICT_SHORT, VERDICT_TEXT, WORKBENCH_ID } from '../level-form/verdicts.ts';
import type { ListData } from './list-loader.ts';

export interface ExtraColumn {
  label: string;
  /** The header as shown: may break inside the word, so the column stays narrow. */
  header: ReactNode;
  cell(row: Row): ReactNode;
}

/**
 * The column a list has beyond its fields', computed by the API for the page (extra-column-data.ts).
 * Levels get "Solvable": each verdict links to the level's workbench in its form.
 */
export function useExtraColumn(entity: AnyEntity, listQuery: string): ExtraColumn | null {
  const data = useLoaderData() as ListData | undefined;
  if (entity.name !== 'level') return null;
  const extra = data?.extra ?? null;
  return {
    label: 'Solvable',
    header: (
      <>
        Solv
        <wbr />
        able
      </>
    ),
    cell(row) {
      if (!extra) return '';
      if ('error' in extra) return <span title={extra.error}>Not checked</span>;
      const verdict = extra.byId[String(row.id)];
      if (!verdict) return '';
      return (
        <Link
          to={`${formHref(editPath(entity.name, row.id), listQuery)}#${WORKBENCH_ID}`}
          title={`${VERDICT_TEXT[verdict.verdict]}: ${verdict.reason}`}
          className={`badge ${VERDICT_CLASS[verdict.verdict]}`}
        >
          {VERDICT_SHORT[verdict.verdict]}
          <span className="visually-hidden">{` (${VERDICT_TEXT[verdict.verdict]}) — level ${row.id}: ${verdict.reason}`}</span>
        </Link>
      );
    },
  };
}
