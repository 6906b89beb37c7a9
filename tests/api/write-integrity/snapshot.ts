import { contentEntities, type AnyEntity } from '#shared/entities/index.ts';
import type { DatabaseHandle } from '../../../server/db/database.ts';
import { fromRow, looseDb, type Values } from '../../../server/api/resources/rows.ts';

/**
 * The database as the write-integrity oracle compares it before and after a request: every row of
 * the nine content tables (as stored, and as the API reads it), the team's credentials and tokens,
 * and the audit log's and trash's newest ids.
 */
export interface Snapshot {
  /** resource → id → the row's stored bytes, as JSON (a change is any difference). */
  raw: Map<string, Map<number, string>>;
  /** resource → id → the row as the API reads it (numbers, booleans, ISO times). */
  rows: Map<string, Map<number, Values>>;
  /** The team: credentials (reach, password, two-factor) and API tokens, as JSON per row. */
  team: Map<string, string>;
  /** The releases: their rows (not their bundles), the state the game reads, the schedules. */
  releases: string;
  auditTop: number;
  trashTop: number;
}

export interface AuditEntry {
  id: number;
  entity: string;
  entityId: number;
  action: 'create' | 'update' | 'delete';
  before: Values | null;
  after: Values | null;
  username: string;
  changeSetId: string | null;
}

export interface TrashEntry {
  entity: string;
  entityId: number;
  row: Values;
}

const json = (value: unknown): Values | null =>
  value === null || value === undefined
    ? null
    : typeof value === 'string'
      ? (JSON.parse(value) as Values)
      : (value as Values);

export async function snapshot(database: DatabaseHandle): Promise<Snapshot> {
  const db = looseDb(database);
  const raw = new Map<string, Map<number, string>>();
  const rows = new Map<string, Map<number, Values>>();
  const top = async (table: 'auditLog' | 'trash') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.max('id').as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
  // At once: on PostgreSQL each read takes a connection of the pool.
  const entities = contentEntities as readonly AnyEntity[];
  const [tables, credentials, tokens, auditTop, trashTop, releases] = await Promise.all([
    Promise.all(entities.map((e) => db.selectFrom(e.table).selectAll().execute())),
    db.selectFrom('authCredentials').selectAll().execute(),
    db.selectFrom('apiTokens').selectAll().execute(),
    top('auditLog'),
    top('trash'),
    Promise.all(
      (['releases', 'releaseState', 'releaseSchedules'] as const).map((table) =>
        db.selectFrom(table).selectAll().orderBy('id').execute(),
      ),
    ),
  ]);
  entities.forEach((entity, i) => {
    const stored = tables[i]!;
    raw.set(entity.resource, new Map(stored.map((row) => [Number(row.id), JSON.stringify(row)])));
    rows.set(entity.resource, new Map(stored.map((row) => [Number(row.id), fromRow(entity, row)])));
  });
  const team = new Map<string, string>();
  for (const row of credentials) {
    const { lastLoginAt: _at, lastLoginIp: _ip, updatedAt: _u, ...kept } = row;
    team.set(`credentials:${String(row.userId)}`, JSON.stringify(kept));
  }
  for (const row of tokens) {
    const { lastUsedAt: _at, lastUsedIp: _ip, ...kept } = row;
    team.set(`token:${String(row.id)}`, JSON.stringify(kept));
  }
  return { raw, rows, team, releases: JSON.stringify(releases), auditTop, trashTop };
}

/** Audit entries written after `top`, oldest first. */
export async function auditSince(database: DatabaseHandle, top: number): Promise<AuditEntry[]> {
  const rows = await looseDb(database)
    .selectFrom('auditLog')
    .selectAll()
    .where('id', '>', top)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    entity: String(row.entity),
    entityId: Number(row.entityId),
    action: row.action as AuditEntry['action'],
    before: json(row.before),
    after: json(row.after),
    username: String(row.username),
    changeSetId: (row.changeSetId as string | null) ?? null,
  }));
}

/** Trash entries written after `top`. */
export async function trashSince(database: DatabaseHandle, top: number): Promise<TrashEntry[]> {
  const rows = await looseDb(database).selectFrom('trash').selectAll().where('id', '>', top).execute();
  return rows.map((row) => ({
    entity: String(row.entity),
    entityId: Number(row.entityId),
    row: json(row.row)!,
  }));
}

/** Each row that differs between two snapshots: resource, id, and the row before and after. */
export interface RowChange {
  entity: AnyEntity;
  id: number;
  before: Values | null;
  after: Values | null;
}

export function changedRows(a: Snapshot, b: Snapshot): RowChange[] {
  const changes: RowChange[] = [];
  for (const entity of contentEntities as readonly AnyEntity[]) {
    const before = a.raw.get(entity.resource)!;
    const after = b.raw.get(entity.resource)!;
    for (const id of new Set([...before.keys(), ...after.keys()])) {
      if (before.get(id) === after.get(id)) continue;
      changes.push({
        entity,
        id,
        before: a.rows.get(entity.resource)!.get(id) ?? null,
        after: b.rows.get(entity.resource)!.get(id) ?? null,
      });
    }
  }
  return changes;
}

/** Keys of team rows (credentials, tokens) that differ. */
export function changedTeam(a: Snapshot, b: Snapshot): string[] {
  return [...new Set([...a.team.keys(), ...b.team.keys()])].filter(
    (key) => a.team.get(key) !== b.team.get(key),
  );
}
