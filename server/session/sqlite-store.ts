import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import session, { type SessionData } from 'express-session';
import { sqliteRefreshLock, type RefreshLock } from './refresh-lock.ts';
import { ABSOLUTE_LIFETIME_MS, expiresAt, IDLE_TIMEOUT_MS, versionOf } from './session-data.ts';

const CLEANUP_EVERY_MS = 10 * 60 * 1000;

/**
 * The embedded default session store: one SQLite file under DATA_DIR (mode 0600). Expiry uses
 * the app's clock; expired rows are removed every ten minutes. Destroyed ids leave a tombstone
 * (data NULL) until their longest possible lifetime is over, so a request still running when the
 * session was destroyed cannot write it back, and a write carrying older credentials than the
 * stored ones (see PanelAuth.version) is dropped.
 */
export class SqliteSessionStore extends session.Store {
  private readonly db: Database.Database;
  private readonly timer: NodeJS.Timeout;
  private readonly statements: ReturnType<typeof prepareStatements>;
  /** Refresh leases for the instances sharing this file (see refresh-lock.ts). */
  readonly refreshLock: RefreshLock;

  constructor(
    dataDir: string,
    private readonly clock: () => number,
  ) {
    super();
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const file = path.join(dataDir, 'sessions.sqlite');
    this.db = new Database(file);
    chmodSync(file, 0o600);
    this.db.pragma('journal_mode = WAL');
    this.db.exec(
      `create table if not exists panel_sessions (
         sid text primary key,
         data text,
         version integer not null,
         expires_at integer not null
       )`,
    );
    this.db.exec('create index if not exists panel_sessions_expiry on panel_sessions (expires_at)');
    this.statements = prepareStatements(this.db);
    this.refreshLock = sqliteRefreshLock(this.db, clock);
    this.purgeExpired();
    this.timer = setInterval(() => this.purgeExpired(), CLEANUP_EVERY_MS);
    this.timer.unref();
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    try {
      const row = this.statements.read.get(sid);
      const live = row && row.data !== null && row.expires_at > this.clock();
      callback(null, live ? (JSON.parse(row.data!) as SessionData) : null);
    } catch (error) {
      callback(error);
    }
  }

  override set(sid: string, data: SessionData, callback?: (err?: unknown) => void): void {
    try {
      this.write(sid, data);
      callback?.();
    } catch (error) {
      callback?.(error);
    }
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    try {
      this.statements.upsert.run(sid, null, Number.MAX_SAFE_INTEGER, this.clock() + ABSOLUTE_LIFETIME_MS);
      callback?.();
    } catch (error) {
      callback?.(error);
    }
  }

  /** Reads the file once (readiness). */
  ping(): void {
    this.db.prepare('select 1').get();
  }

  /** Stops the cleanup timer and closes the file. */
  close(): void {
    clearInterval(this.timer);
    this.db.close();
  }

  purgeExpired(): void {
    this.statements.purge.run(this.clock());
  }

  // One synchronous transaction: nothing can write between the version check and the upsert.
  private write(sid: string, data: SessionData): void {
    this.db.transaction(() => {
      const row = this.statements.read.get(sid);
      if (row && (row.data === null || row.version > versionOf(data))) return;
      const end = expiresAt(data) ?? this.clock() + IDLE_TIMEOUT_MS;
      this.statements.upsert.run(sid, JSON.stringify(data), versionOf(data), end);
    })();
  }
}

function prepareStatements(db: Database.Database) {
  return {
    read: db.prepare<[string], { data: string | null; version: number; expires_at: number }>(
      'select data, version, expires_at from panel_sessions where sid = ?',
    ),
    upsert: db.prepare<[string, string | null, number, number]>(
      `insert into panel_sessions (sid, data, version, expires_at) values (?, ?, ?, ?)
       on conflict (sid) do update set data = excluded.data, version = excluded.version,
         expires_at = excluded.expires_at`,
    ),
    purge: db.prepare<[number]>('delete from panel_sessions where expires_at <= ?'),
  };
}
