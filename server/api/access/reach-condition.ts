import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { contentEntities, entityByName, type AnyEntity } from '#shared/entities/index.ts';

const inList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * The rows of `entity` within `languages` (an account limited to some languages), as a condition a
 * list, an export or a bulk edit adds to its own: the language column (indexed first, migration
 * 0006) or, for links, both sides' rows by their language. Null: the entity has no languages.
 * No language at all (a token whose owner lost its languages) matches nothing.
 */
export function reachCondition(
  entity: AnyEntity,
  languages: readonly number[] | null,
): RawBuilder<SqlBool> | null {
  const language = entity.language;
  if (!language) return null;
  if ('audited' in language) return auditCondition(languages);
  if (languages === null || 'shared' in language) return null;
  if (languages.length === 0) return sql<SqlBool>`1 = 0`;
  if ('self' in language) return sql<SqlBool>`${sql.ref('id')} in (${inList(languages)})`;
  if ('field' in language) return sql<SqlBool>`${sql.ref(language.field)} in (${inList(languages)})`;
  const sides = language.through.map(({ field, entity: name }) => {
    const target = entityByName(name);
    const column = target.language && 'field' in target.language ? target.language.field : 'languageId';
    return sql<SqlBool>`${sql.ref(field)} in (select ${sql.ref('id')} from ${sql.table(target.table)} where ${sql.ref(column)} in (${inList(languages)}))`;
  });
  return sql<SqlBool>`(${sql.join(sides, sql` and `)})`;
}

/**
 * The audit entries an editor or viewer may read: about the content tables only (not players, not
 * the team), and with `languages`, about rows of those languages that are still stored.
 */
function auditCondition(languages: readonly number[] | null): RawBuilder<SqlBool> {
  const content = contentEntities.filter((entity) => entity.access === 'content' && entity.language);
  const sharedOnes = content.filter((entity) => 'shared' in entity.language!);
  const own = content.filter((entity) => !('shared' in entity.language!));
  if (languages === null)
    return sql<SqlBool>`${sql.ref('entity')} in (${sql.join(content.map((entity) => sql`${entity.resource}`))})`;
  const parts = own.map((entity) => {
    const rows = reachCondition(entity, languages)!;
    return sql<SqlBool>`(${sql.ref('entity')} = ${entity.resource} and ${sql.ref('entityId')} in (select ${sql.ref('id')} from ${sql.table(entity.table)} where ${rows}))`;
  });
  // Rows every language shares (stages): their whole history.
  for (const entity of sharedOnes) parts.push(sql<SqlBool>`${sql.ref('entity')} = ${entity.resource}`);
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}
