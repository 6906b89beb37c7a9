import { looseDb } from '../../../server/api/resources/rows.ts';
import { pick, type Planned, type Recipe } from './recipe.ts';
import type { World } from './world.ts';

/** The Team's write routes the property sends (requests.ts `covers`). */
export const TEAM_ROUTES = [
  ['POST', '/accounts/cms'],
  ['PUT', '/accounts/cms/:id'],
  ['POST', '/accounts/cms/:id/reset-2fa'],
  ['POST', '/accounts/cms/:id/end-sessions'],
  ['POST', '/accounts/cms/:id/invitation'],
  ['POST', '/tokens/cms'],
  ['DELETE', '/tokens/cms/:id'],
] as const;

type Base = Omit<Planned, 'method' | 'path'>;

/** A request to the Team's routes, about accounts and tokens no caller holds. */
export async function teamRequest(base: Base, r: Recipe, world: World): Promise<Planned> {
  const target = pick(world.targets, r.picks[0] ?? 0)!;
  const tokens = (await looseDb(world.database).selectFrom('apiTokens').select('id').execute())
    .map((row) => Number(row.id))
    .filter((id) => !world.callerTokens.includes(id));
  const languages = Object.values(world.languages);
  const reach = {
    permissions: pick(['administrator', 'editor', 'viewer'], r.picks[1] ?? 0)!,
    languages: r.picks[2]! % 2 === 0 ? null : [pick(languages, r.picks[2]!)!],
  };
  const json = (value: unknown) => JSON.stringify(value);
  switch (r.variant % TEAM_ROUTES.length) {
    case 0:
      return {
        ...base,
        method: 'POST',
        path: 'accounts/cms',
        body: json({ username: `member-${r.variant}-${r.picks[3]}`, ...reach }),
      };
    case 1:
      return {
        ...base,
        method: 'PUT',
        path: `accounts/cms/${target}`,
        body: json(r.dryRun ? { isActive: r.picks[3]! % 2 === 0 } : reach),
      };
    case 2:
      return { ...base, method: 'POST', path: `accounts/cms/${target}/reset-2fa` };
    case 3:
      return { ...base, method: 'POST', path: `accounts/cms/${target}/end-sessions` };
    case 4:
      return { ...base, method: 'POST', path: `accounts/cms/${target}/invitation` };
    case 5:
      return {
        ...base,
        method: 'POST',
        path: 'tokens/cms',
        body: json({ name: `script ${r.picks[3]}`, ...reach, expiresInDays: 7 }),
      };
    default:
      return { ...base, method: 'DELETE', path: `tokens/cms/${pick(tokens, r.picks[3] ?? 0) ?? 424242}` };
  }
}
