import { sql, type Kysely } from 'kysely';
import type { Migration } from './index.ts';

/**
 * The audit log's username filter no longer goes through a trigram index (migration 0005): every
 * audited write paid for it — a bulk write of links inserts one entry per link, and the index was
 * a noticeable share of the whole write — while the column holds a handful of distinct usernames. The
 * filter now matches those values, read from the username index by a skip-scan
 * (`fewValues` in shared/entities/audit-entry.ts; server/api/resources/text-match.ts).
 */
export const auditUsernameSearch: Migration = {
  name: '0015-audit-username-search',
  async up(db: Kysely<unknown>, dialect) {
    if (dialect === 'postgres') {
      await sql`drop index if exists ${sql.id('audit_log_username_trgm_idx')}`.execute(db);
      return;
    }
    for (const trigger of ['insert', 'delete', 'update']) {
      await sql`drop trigger if exists ${sql.id(`audit_log_search_${trigger}`)}`.execute(db);
    }
    await sql`drop table if exists ${sql.id('audit_log_search')}`.execute(db);
  },
};
