/** What filling a database needs from each dialect (sqlite-writer.ts, postgres-writer.ts). */
export interface TableWriter {
  /** Inserts every row (values in column order; booleans as JS booleans); answers the count. */
  insert(table: string, columns: string[], rows: Iterable<unknown[]>): Promise<number>;
  /** Runs one INSERT … SELECT in its own transaction; answers the rows it wrote. */
  execute(sql: string): Promise<number>;
  /** Drops the indexes that back no constraint; answers their definitions, for createIndexes. */
  dropSecondaryIndexes(table: string): Promise<string[]>;
  createIndexes(definitions: string[]): Promise<void>;
  close(): Promise<void>;
}
