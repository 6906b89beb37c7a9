import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  type PostgresDialectConfig,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/**
 * What Kysely's migrator asks of the database (does our schema exist, do its migration tables),
 * answered from our schema alone. Kysely's own PostgreSQL introspector reads every table of every
 * schema and resolves each by name (`pg_get_serial_sequence`): while another suite drops its own
 * schema on the same server, that lookup fails with `schema "test_…" does not exist` and a start-up
 * migration with it (a test flake seen in several suites, and in a CLI whose DATABASE_URL chooses
 * its schema through search_path). Without a schema of our own, ours is the connection's
 * `current_schema()`. Only the table names are answered; the migrator needs nothing else.
 */
class SchemaIntrospector implements DatabaseIntrospector {
  constructor(
    private readonly db: Kysely<unknown>,
    private readonly schema: string | undefined,
  ) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<SchemaMetadata>`select nspname as name from pg_catalog.pg_namespace`.execute(
      this.db,
    );
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; isView: boolean; schema: string }>`
      select c.relname as name, c.relkind = 'v' as "isView", ns.nspname as schema
      from pg_catalog.pg_class c join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      where ns.nspname = coalesce(${this.schema ?? null}::text, current_schema())
        and c.relkind in ('r', 'v', 'p')`.execute(this.db);
    return rows.map((row) => ({ ...row, columns: [] }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

/**
 * PostgreSQL working inside one schema: its own (`pgSchema`) or the connection's current one.
 * Introspection stays inside it.
 */
export class SchemaPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly schema: string | undefined,
  ) {
    super(config);
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SchemaIntrospector(db, this.schema);
  }
}
