import path from 'node:path';
import { parseArgs } from 'node:util';
import { fillDatabase } from './bench/data/fill.ts';

/**
 * `npm run bench:data -- --dir DIR [--scale 1] [--pg-schema NAME] [--force]`: the large data set
 * of issue 11 (1,000,000 users, 5,000,000 letter-group-word links… at scale 1) in DIR's SQLite
 * file, or in the DATABASE_URL database when it is set. DIR then serves as the server's DATA_DIR.
 */
const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    scale: { type: 'string', default: '1' },
    'pg-schema': { type: 'string' },
    force: { type: 'boolean', default: false },
  },
});
const scale = Number(values.scale);
if (!values.dir || !(scale > 0 && scale <= 10)) {
  console.error('Usage: npm run bench:data -- --dir DIR [--scale 0.01…10] [--pg-schema NAME] [--force]');
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL || null;
const dir = path.resolve(values.dir);
console.log(
  `Filling ${databaseUrl ? `PostgreSQL${values['pg-schema'] ? ` (schema ${values['pg-schema']})` : ''}` : `${dir} (SQLite)`} at scale ${scale}…`,
);
try {
  const stamp = await fillDatabase({
    dir,
    scale,
    databaseUrl,
    pgSchema: values['pg-schema'] ?? null,
    force: values.force,
  });
  const made = Object.entries(stamp.volumes)
    .map(([table, rows]) => `${rows.toLocaleString('en')} ${table}`)
    .join(', ');
  console.log(`Made ${made} and the admin "${stamp.admin.username}" in ${stamp.seconds} s.`);
} catch (error) {
  console.error(`bench:data failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
