import { existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { loadConfig } from '#server/config.ts';
import { CliError, type CliContext } from '../context.ts';

const DATABASE_FILE = 'argus-words.sqlite';

function liveDatabase(ctx: CliContext): string {
  const config = loadConfig(ctx.env);
  if (config.databaseUrl) {
    throw new CliError(
      'DATABASE_URL is PostgreSQL: back up with pg_dump -Fc "$DATABASE_URL" > FILE and restore with ' +
        'pg_restore --clean --if-exists -d "$DATABASE_URL" FILE (client tools of the server\'s major version or newer).',
    );
  }
  const file = path.join(config.dataDir, DATABASE_FILE);
  if (!existsSync(file)) throw new CliError(`No database at ${file} (DATA_DIR=${config.dataDir}).`);
  return file;
}

function checkIntegrity(file: string): void {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new CliError(`${file} is damaged: ${String(result)}`);
    if (!db.prepare("select 1 from sqlite_master where name = 'words'").get()) {
      throw new CliError(`${file} is not an Argus Words database.`);
    }
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`${file} is not a readable SQLite database: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}

/**
 * `admin backup FILE`: a consistent copy of the live SQLite database through SQLite's online backup
 * API, safe while the server runs (mode 0600: it holds password hashes).
 */
export async function backupAction(target: string, ctx: CliContext): Promise<void> {
  const source = liveDatabase(ctx);
  const out = path.resolve(target);
  if (existsSync(out)) throw new CliError(`${out} exists; choose a new file name.`);
  const previous = process.umask(0o077);
  const db = new Database(source, { fileMustExist: true });
  try {
    await db.backup(out);
  } finally {
    db.close();
    process.umask(previous);
  }
  checkIntegrity(out);
  ctx.stderr.write(`Backed up ${source} to ${out}.\n`);
}

/**
 * `admin restore FILE`: checks the backup, then copies it over the live database with the same
 * online backup API (under SQLite's locks: a running server sees the restored data on its next
 * query; its sessions stay in sessions.sqlite).
 */
export async function restoreAction(file: string, ctx: CliContext): Promise<void> {
  const target = liveDatabase(ctx);
  const from = path.resolve(file);
  if (!existsSync(from)) throw new CliError(`No backup at ${from}.`);
  checkIntegrity(from);
  const db = new Database(from, { readonly: true, fileMustExist: true });
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
  ctx.stderr.write(`Restored ${target} from ${from}.\n`);
}
