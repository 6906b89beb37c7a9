import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { contentEntities, letterGroup, letterGroupWord, type AnyEntity } from '#shared/entities/index.ts';
import { looseDb } from '../../../server/api/resources/rows.ts';
import type { Snapshot } from './snapshot.ts';
import { pickRow, rowRecipe, rowText } from './values.ts';
import { releaseRequest, RELEASE_ROUTES } from './release-requests.ts';
import { teamRequest, TEAM_ROUTES } from './team-requests.ts';
import { pick, type Kind, type Planned, type Recipe } from './recipe.ts';
import type { World } from './world.ts';

export type { Kind, Planned, Recipe };

/**
 * Every kind of write request the content API takes, generated as a recipe (fast-check) and built
 * into a real HTTP request against the database as it is: the resource routes of all nine tables
 * (form create, update, delete; bulk upsert; bulk update and delete by ids, filter or all rows),
 * undo, revert, restore, link jobs and the link builder, the team's routes, the session routes and
 * the read-only POSTs. `covers` says which routes of the route table a kind exercises; a test holds
 * that list to the table, so a new write route cannot go untested.
 */

const KINDS: Kind[] = [
  'create',
  'update',
  'delete',
  'bulk',
  'bulk',
  'bulk-update',
  'bulk-delete',
  'undo',
  'revert',
  'restore',
  'link-job',
  'link-apply',
  'solvability',
  'team',
  'auth',
  'dictionary',
  'release',
];

/** `weights`: how often each caller sends, by its index (those that may write, more often). */
export const recipe = (weights: readonly number[]): fc.Arbitrary<Recipe> =>
  fc
    .record({
      kind: fc.constantFrom(...KINDS),
      caller: fc.constantFrom(...weights.flatMap((weight, i) => Array<number>(weight).fill(i))),
      entity: fc.nat({ max: contentEntities.length - 1 }),
      picks: fc.array(fc.nat({ max: 1000 }), { minLength: 4, maxLength: 4 }),
      dryRun: fc.boolean(),
      changeSet: fc.constantFrom('none', 'none', 'own', 'foreign' as const),
      variant: fc.nat({ max: 1000 }),
    })
    .chain((r) =>
      fc
        .array(rowRecipe(contentEntities[r.entity]!), { minLength: 1, maxLength: 4 })
        .map((rows) => ({ ...r, rows })),
    );

/** `METHOD /path` of the route table's write routes each kind exercises. */
export function covers(kind: Kind): string[] {
  const each = (op: keyof AnyEntity['operations'], method: string, suffix: string) =>
    contentEntities.filter((e) => e.operations[op]).map((e) => `${method} /${e.resource}/cms${suffix}`);
  switch (kind) {
    case 'create':
      return each('create', 'POST', '');
    case 'update':
      return each('update', 'PUT', '/:id');
    case 'delete':
      return each('delete', 'DELETE', '/:id');
    case 'bulk':
      return each('bulk', 'POST', '/bulk');
    case 'bulk-update':
      return each('update', 'POST', '/bulk-update');
    case 'bulk-delete':
      return each('delete', 'POST', '/bulk-delete');
    case 'undo':
      return ['POST /change-sets/cms/:id/undo'];
    case 'revert':
      return ['POST /audit/cms/:id/revert'];
    case 'restore':
      return ['POST /trash/cms/:id/restore'];
    case 'link-job':
      return ['POST /letter-groups/cms/link-jobs'];
    case 'link-apply':
      return ['POST /letter-groups/cms/:id/link-plan'];
    case 'solvability':
      return ['POST /levels/cms/solvability'];
    case 'team':
      return TEAM_ROUTES.map(([method, path]) => `${method} ${path}`);
    case 'auth':
      return ['POST /auth/login', 'POST /auth/verify-otp', 'POST /auth/logout', 'POST /auth/enrol'];
    case 'dictionary':
      return ['POST /words/cms/check', 'POST /words/cms/decisions'];
    case 'release':
      return RELEASE_ROUTES.map(([method, path]) => `${method} ${path}`);
  }
}

export const ALL_KINDS: readonly Kind[] = [...new Set(KINDS)];

/** Builds the recipe into a request against the database as it is now. */
export async function build(r: Recipe, world: World, snap: Snapshot): Promise<Planned> {
  const caller = world.callers[r.caller]!;
  const entity = contentEntities[r.entity]!;
  const [p0 = 0, p1 = 0, p2 = 0, p3 = 0] = r.picks;
  const db = looseDb(world.database);
  const headers: Record<string, string> = {};
  let foreignChangeSet = false;
  if (r.changeSet === 'own') headers['x-change-set'] = randomUUID();
  if (r.changeSet === 'foreign') {
    const sets = await db
      .selectFrom('changeSets')
      .select('id')
      .where('username', '!=', caller.username)
      .execute();
    const set = pick(sets, p3);
    if (set) {
      headers['x-change-set'] = String(set.id);
      foreignChangeSet = true;
    }
  }
  // Only the routes that write under a change set read the header (the team's and the session's
  // routes, and read-only ones, have none to join).
  const joins = !['team', 'auth', 'solvability', 'release'].includes(r.kind);
  const base = {
    kind: r.kind,
    caller,
    headers,
    dryRun: false,
    foreignChangeSet: foreignChangeSet && joins,
    namedIds: [],
  };
  const json = (value: unknown) => JSON.stringify(value);
  const row = (n: number) => pickRow(snap, entity, n);
  const existingId = (n: number) => (n % 10 === 9 ? 987_654 : Number(row(n)?.id ?? 1));

  switch (r.kind) {
    case 'create':
      return {
        ...base,
        entity,
        method: 'POST',
        path: `${entity.resource}/cms`,
        body: rowText(entity, r.rows[0]!, snap, false),
      };
    case 'update': {
      const id = existingId(p0);
      return {
        ...base,
        entity,
        method: 'PUT',
        path: `${entity.resource}/cms/${id}`,
        body: rowText(entity, r.rows[0]!, snap, false),
        namedIds: [id],
      };
    }
    case 'delete': {
      const id = existingId(p0);
      return { ...base, entity, method: 'DELETE', path: `${entity.resource}/cms/${id}`, namedIds: [id] };
    }
    case 'bulk': {
      // Some rows name a stored row's id (as a number, or as a string the envelope refuses).
      const namedIds = r.rows.map((_, i) =>
        (r.picks[i] ?? 0) % 3 === 0 ? existingId((r.picks[i] ?? 0) + i) : undefined,
      );
      const rows = r.rows.map((rr, i) =>
        rowText(entity, rr, snap, true, namedIds[i] === undefined ? {} : { id: namedIds[i] }),
      );
      const body = `{"rows":[${rows.join(',')}]${r.dryRun ? ',"dryRun":true' : ''}${p1 % 4 === 0 ? ',"changesOnly":true' : ''}}`;
      return {
        ...base,
        entity,
        method: 'POST',
        path: `${entity.resource}/cms/bulk`,
        body,
        dryRun: r.dryRun,
        namedIds,
      };
    }
    case 'bulk-update':
    case 'bulk-delete': {
      const ids = [existingId(p0), existingId(p1), existingId(p2)];
      const set = JSON.parse(rowText(entity, r.rows[0]!, snap, false)) as object;
      const filter = entity.filters[p1 % Math.max(1, entity.filters.length)];
      const filterValue = filter ? filterValueOf(filter.field, filter.kind, row(p2)) : undefined;
      const targets =
        r.variant % 3 === 0
          ? { ids }
          : r.variant % 3 === 1 && filter && filterValue !== undefined
            ? { where: { [filter.field]: filterValue } }
            : { where: {}, allRows: true };
      const body = json({
        ...targets,
        ...(r.kind === 'bulk-update' ? { set } : {}),
        ...(r.dryRun ? { dryRun: true } : {}),
      });
      return {
        ...base,
        entity,
        method: 'POST',
        path: `${entity.resource}/cms/${r.kind}`,
        body,
        dryRun: r.dryRun,
        namedIds: 'ids' in targets ? ids : [],
      };
    }
    case 'undo': {
      const sets = await db.selectFrom('changeSets').select('id').orderBy('seq').execute();
      const id = pick(sets, p0)?.id ?? randomUUID();
      return {
        ...base,
        method: 'POST',
        path: `change-sets/cms/${String(id)}/undo`,
        body: json({ dryRun: r.dryRun, force: p1 % 2 === 0 }),
        dryRun: r.dryRun,
      };
    }
    case 'revert': {
      const entries = await db.selectFrom('auditLog').select('id').orderBy('id', 'desc').limit(60).execute();
      return { ...base, method: 'POST', path: `audit/cms/${Number(pick(entries, p0)?.id ?? 1)}/revert` };
    }
    case 'restore': {
      const trash = await db.selectFrom('trash').select('id').orderBy('id', 'desc').limit(30).execute();
      return { ...base, method: 'POST', path: `trash/cms/${Number(pick(trash, p0)?.id ?? 1)}/restore` };
    }
    case 'link-job': {
      const languageId = pick(Object.values(world.languages), p0)!;
      const where =
        r.variant % 3 === 0 ? {} : { languageId: r.variant % 3 === 1 ? languageId : String(languageId) };
      return {
        ...base,
        method: 'POST',
        path: 'letter-groups/cms/link-jobs',
        body: json({ where, prune: p1 % 2 === 0 }),
      };
    }
    case 'link-apply': {
      const group = pickRow(snap, letterGroup, p0);
      const words = [...snap.rows.get('words')!.values()];
      const links = [...snap.rows.get(letterGroupWord.resource)!.values()];
      const add = [pick(words, p1)?.id, pick(words, p2)?.id].filter((id) => id !== undefined);
      const remove = p3 % 3 === 0 ? [pick(links, p3)?.id].filter((id) => id !== undefined) : [];
      return {
        ...base,
        method: 'POST',
        path: `letter-groups/cms/${Number(group?.id ?? 1)}/link-plan`,
        body: json({ add, remove }),
      };
    }
    case 'solvability': {
      const groups = [...snap.rows.get('letter-groups')!.values()];
      const languageId = r.variant % 5 === 0 ? 777 : pick(Object.values(world.languages), p0)!;
      const letterGroupIds = [pick(groups, p1)?.id, p2 % 4 === 0 ? 888_888 : pick(groups, p2)?.id];
      return {
        ...base,
        method: 'POST',
        path: 'levels/cms/solvability',
        body: json({ languageId, checkCondition: 'words::1', letterGroupIds }),
      };
    }
    case 'team':
      return teamRequest(base, r, world);
    case 'release':
      return releaseRequest(base, r, world);
    case 'dictionary': {
      // A word's decision (accept, exclude: it is deactivated) or a check, by name, of any language.
      const words = [...snap.rows.get('words')!.values()];
      const picked = [pick(words, p0), pick(words, p1)].filter((w) => w !== undefined);
      const languageId = Number(picked[0]?.languageId ?? pick(Object.values(world.languages), p2));
      const letters = picked.map((w) => String(w.letters));
      if (r.variant % 3 === 0)
        // A check reads only: it joins no change set, so the header means nothing to it.
        return {
          ...base,
          foreignChangeSet: false,
          method: 'POST',
          path: 'words/cms/check',
          body: json({ languageId, words: letters }),
        };
      const decision = pick(['accepted', 'excluded', null], p3);
      const body = { languageId, words: letters, decision, reason: decision === null ? '' : 'generated' };
      return {
        ...base,
        entity: contentEntities.find((e) => e.name === 'word'),
        method: 'POST',
        path: 'words/cms/decisions',
        body: json(body),
      };
    }
    case 'auth': {
      const paths = ['auth/login', 'auth/verify-otp', 'auth/logout', 'auth/enrol'];
      const bodies = [
        { username: 'admin', password: 'not-the-password' },
        { otp: '000000', username: 'admin' },
        {},
        { token: 'made-up', password: 'a-long-enough-password' },
      ];
      const i = r.variant % paths.length;
      // Never the caller's own credentials: a logout would end the session the next request uses.
      return { ...base, method: 'POST', path: paths[i]!, body: json(bodies[i]), headers: {} };
    }
  }
}

function filterValueOf(
  field: string,
  kind: string,
  row: Record<string, unknown> | undefined,
): string | undefined {
  if (!row) return undefined;
  const value = row[field];
  if (value === null || value === undefined) return undefined;
  if (kind === 'text') return String(value).slice(0, 3);
  return String(value);
}
