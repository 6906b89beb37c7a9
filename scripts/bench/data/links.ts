import { coprimeStride, GROUPS_PER_LEVEL, LINKS_PER_GROUP, type Volumes } from './rows.ts';

/**
 * The two link tables of ids, made inside the database (a recursive CTE on SQLite,
 * generate_series on PostgreSQL): 5 million rows at scale 1 never cross into JavaScript.
 * Group g links words 1 + (g·7919 + k·stride) mod W for k < 250: distinct per group because the
 * stride has no factor in common with W. Ids follow (group, k), so the natural-key index grows in order.
 */
export function linkStatements(
  dialect: 'sqlite' | 'postgres',
  v: Volumes,
): Array<[table: string, sql: string]> {
  const wordStride = coprimeStride(v.words, 104_729);
  const groupStride = coprimeStride(v.letterGroups, 97);
  const G = v.letterGroups;
  const K = LINKS_PER_GROUP;
  const L = v.levels;
  const J = GROUPS_PER_LEVEL;
  const words = `1 + ((x * 7919 + y * ${wordStride}) % ${v.words})`;
  const groups = `1 + ((x * 13 + y * ${groupStride}) % ${G})`;
  const used = `((x + y) % 2) = 0`;
  if (dialect === 'sqlite') {
    const series = (name: string, column: string, from: number, to: number) =>
      `${name}(${column}) AS (SELECT ${from} UNION ALL SELECT ${column} + 1 FROM ${name} WHERE ${column} < ${to})`;
    return [
      [
        'letter_group_words',
        // CROSS JOIN keeps g outer: rows come in (group, k) order.
        `WITH RECURSIVE ${series('g', 'x', 1, G)}, ${series('k', 'y', 0, K - 1)} ` +
          `INSERT INTO letter_group_words (id, letter_group_id, word_id) ` +
          `SELECT (x - 1) * ${K} + y + 1, x, ${words} FROM g CROSS JOIN k`,
      ],
      [
        'letter_group_levels',
        `WITH RECURSIVE ${series('g', 'x', 1, L)}, ${series('k', 'y', 0, J - 1)} ` +
          `INSERT INTO letter_group_levels (id, used, letter_group_id, level_id) ` +
          `SELECT (x - 1) * ${J} + y + 1, ${used}, ${groups}, x FROM g CROSS JOIN k`,
      ],
    ];
  }
  const wordsPg = words.replace('x * 7919', 'x::bigint * 7919');
  return [
    [
      'letter_group_words',
      `INSERT INTO letter_group_words (id, letter_group_id, word_id) ` +
        `SELECT (x - 1) * ${K} + y + 1, x, ${wordsPg} ` +
        `FROM generate_series(1, ${G}) AS x, generate_series(0, ${K - 1}) AS y ORDER BY x, y`,
    ],
    [
      'letter_group_levels',
      `INSERT INTO letter_group_levels (id, used, letter_group_id, level_id) ` +
        `SELECT (x - 1) * ${J} + y + 1, ${used}, ${groups}, x ` +
        `FROM generate_series(1, ${L}) AS x, generate_series(0, ${J - 1}) AS y`,
    ],
  ];
}
