import { looseDb } from '../../../server/api/resources/rows.ts';
import { pick, type Planned, type Recipe } from './recipe.ts';
import type { World } from './world.ts';

/** The releases' write routes the property sends (requests.ts `covers`). */
export const RELEASE_ROUTES = [
  ['POST', '/releases/cms'],
  ['POST', '/releases/cms/schedules'],
  ['DELETE', '/releases/cms/schedules/:id'],
  ['POST', '/releases/cms/:number/rollback'],
  ['POST', '/releases/cms/:number/widen'],
] as const;

type Base = Omit<Planned, 'method' | 'path'>;

/**
 * A request to the releases' write routes. A publish is a dry run, or a real one from a caller
 * that may not publish: a real publish runs on as a job after its answer and would change the
 * release tables under the requests that follow. Schedules are far in the future, never due.
 */
export async function releaseRequest(base: Base, r: Recipe, world: World): Promise<Planned> {
  const db = looseDb(world.database);
  const [p0 = 0, p1 = 0] = r.picks;
  const json = (value: unknown) => JSON.stringify(value);
  const numbers = (await db.selectFrom('releases').select('number').execute()).map((row) =>
    Number(row.number),
  );
  const number = pick([...numbers, 9_999], p0)!;
  switch (r.variant % RELEASE_ROUTES.length) {
    case 0: {
      const mayPublish = base.caller.reach?.permissions === 'administrator';
      const dryRun = mayPublish || p1 % 2 === 0;
      return {
        ...base,
        method: 'POST',
        path: 'releases/cms',
        body: json({
          notes: 'generated',
          dryRun,
          ...(p1 % 3 === 0 ? { force: true, reason: 'generated' } : {}),
        }),
        dryRun,
      };
    }
    case 1:
      return {
        ...base,
        method: 'POST',
        path: 'releases/cms/schedules',
        body: json({ at: `2099-0${1 + (p0 % 9)}-01T09:00:00Z`, notes: 'generated' }),
      };
    case 2: {
      const schedules = await db.selectFrom('releaseSchedules').select('id').execute();
      return {
        ...base,
        method: 'DELETE',
        path: `releases/cms/schedules/${Number(pick(schedules, p0)?.id ?? 1)}`,
      };
    }
    case 3:
      return {
        ...base,
        method: 'POST',
        path: `releases/cms/${number}/rollback`,
        body: json({ reason: 'generated' }),
      };
    default:
      return {
        ...base,
        method: 'POST',
        path: `releases/cms/${number}/widen`,
        body: json({ share: 1 + (p1 % 100) }),
      };
  }
}
