/**
 * Issue 43's promises as a property, on both databases: thousands of generated write requests —
 * every write route of the route table, all nine tables, every kind of caller, every way a value
 * can be written — each judged from the database before and after it (tests/api/write-integrity/
 * oracle.ts). `npm test` sends 2,000 per dialect with a fixed seed; `npm run test:reliability`
 * 50,000, and `WRITE_INTEGRITY_SEED` replays another seed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attack } from '../api/write-integrity/attack.ts';
import { ALL_KINDS } from '../api/write-integrity/requests.ts';
import { startWorld, type World } from '../api/write-integrity/world.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { FULL } from './scale.ts';

const RUNS = Number(process.env.WRITE_INTEGRITY_RUNS ?? (FULL ? 50_000 : 2_000));
const SEED = Number(process.env.WRITE_INTEGRITY_SEED ?? 43);

describe.each(DIALECTS)('every write keeps the promises, on %s', (dialect) => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld(dialect);
  });
  afterAll(async () => world?.close());

  it(
    `${RUNS} generated requests: refusals change nothing, every change is recorded, every limit holds`,
    async () => {
      const stats = await attack(world, { runs: RUNS, seed: SEED });
      console.warn(`write integrity on ${dialect}: ${JSON.stringify(stats)}`);
      expect(stats.requests).toBe(RUNS);
      // Every kind of request was sent, and the run did change things (not all refusals).
      for (const kind of ALL_KINDS) expect(stats.byKind[kind] ?? 0, kind).toBeGreaterThan(0);
      expect(stats.changing).toBeGreaterThan(RUNS / 20);
    },
    FULL ? 60 * 60_000 : 10 * 60_000,
  );
});
