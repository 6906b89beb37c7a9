import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { entityByName, type AnyEntity } from '#shared/entities/index.ts';

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
export function reachCondition(entity: AnyEntity, languages: readonly number[]): RawBuilder<SqlBool> | null {
  const language = entity.language;
  if (!language) return null;
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
