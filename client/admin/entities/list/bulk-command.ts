import type { AnyEntity } from '#shared/entities/index.ts';

/** Ids named in a command before `…` (the count says how many there are). */
const SHOWN_IDS = 20;

const pairs = (values: Record<string, unknown>) =>
  Object.entries(values)
    .map(([name, value]) => `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');

/**
 * The command a panel bulk action records with its change set, read in the change-set list as
 * `bulk update words where isActive=true (312 rows) set isActive=false`: what, which rows, how many.
 */
export function bulkCommand(
  kind: 'update' | 'delete',
  entity: AnyEntity,
  target: { ids?: number[]; where?: Record<string, unknown> },
  rows: number,
  set?: Record<string, unknown>,
): string {
  let which: string;
  if (target.ids) {
    const ids = target.ids.slice(0, SHOWN_IDS).join(',');
    which = `ids ${ids}${target.ids.length > SHOWN_IDS ? ',…' : ''}`;
  } else {
    which =
      target.where && Object.keys(target.where).length > 0 ? `where ${pairs(target.where)}` : 'all rows';
  }
  const count = `(${rows} ${rows === 1 ? 'row' : 'rows'})`;
  const setting = set ? ` set ${pairs(set)}` : '';
  return `bulk ${kind} ${entity.resource} ${which} ${count}${setting}`;
}
