import request from 'supertest';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DifficultyReport, StageDifficulty } from '#shared/difficulty.ts';
import type { HealthReport } from '#shared/health-report.ts';
import { DIALECTS } from '../helpers/databases.ts';
import {
  databaseRows,
  EXPECTED_FINDINGS,
  plantDifficulty,
  plantedCompletion,
  plantedDropOff,
  REACH,
  type PlantedStage,
} from '../helpers/difficulty-plant.ts';
import { PREFIX, useApiWithFixture } from './harness.ts';

/** Issue 34: how players fare on each level, from results the game writes into the database. */
describe.each(DIALECTS)('level difficulty (%s)', (dialect) => {
  const { api, f } = useApiWithFixture(dialect);
  let planted: PlantedStage;

  beforeAll(async () => {
    planted = await plantDifficulty(databaseRows(api.database), { languageId: f.english, stageNumber: 90 });
  });

  const curveOf = async (query: string): Promise<StageDifficulty> => {
    const res = await api.get(`levels/cms/difficulty?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as DifficultyReport;
    expect(body.curves).toHaveLength(1);
    return body.curves[0]!;
  };
  const findings = (curve: StageDifficulty) =>
    curve.findings.map((x) => ({ levelNumber: x.levelNumber, kind: x.kind }));

  it('finds exactly the planted spike (level 7) and drop-off (level 12), with every figure', async () => {
    const res = await api.get(`levels/cms/difficulty?stageId=${planted.stageId}`);
    expect(res.status).toBe(200);
    const body = res.body as DifficultyReport;
    expect(body.stage).toEqual({ id: planted.stageId, number: 90 });
    expect(body.minPlayers).toBe(20);
    const curve = body.curves[0]!;
    expect(curve).toMatchObject({ language: 'English', stageNumber: 90 });
    expect(findings(curve)).toEqual(EXPECTED_FINDINGS);
    expect(curve.levels.map((l) => l.number)).toEqual(REACH.map((_, i) => i + 1));
    for (const level of curve.levels) {
      expect(level.players).toBe(REACH[level.number - 1]);
      expect(level.completionRate).toBeCloseTo(plantedCompletion(level.number), 6);
      const drop = plantedDropOff(level.number);
      if (drop === null) expect(level.dropOff).toBeNull();
      else expect(level.dropOff).toBeCloseTo(drop, 6);
      expect(level.judged).toBe(true);
      expect(level.topWord?.word).toBe('planets');
      expect(level.score!.q1).toBeLessThanOrEqual(level.score!.median);
      expect(level.score!.median).toBeLessThanOrEqual(level.score!.q3);
    }
    const hard = curve.findings[0]!;
    expect(hard.message).toBe(
      'Level 7: completion rate 20 % where its neighbours have 80 % (levels 4: 80 %, 5: 80 %, 6: 80 %, 8: 80 %, 9: 80 %, 10: 80 %)',
    );
    expect(curve.findings[1]!.message).toBe(
      'Level 12: 70 % of its 160 players do not reach level 13 where the stage usually loses 2 %',
    );
  });

  it('the median and quartiles of a level are those of its players (interpolated between ranks)', async () => {
    const rows = await api.database.db
      .selectFrom('userLevels')
      .select('highestScore')
      .where('levelId', '=', planted.levelIds[0]!)
      .where('locked', '=', dialect === 'postgres' ? (false as never) : (0 as never))
      .orderBy('highestScore')
      .execute();
    const scores = rows.map((r) => r.highestScore);
    // What a spreadsheet's PERCENTILE.INC gives: the value at rank p·(n − 1), interpolated.
    const at = (p: number) => {
      const rank = p * (scores.length - 1);
      const low = Math.floor(rank);
      return scores[low]! + (scores[Math.min(low + 1, scores.length - 1)]! - scores[low]!) * (rank - low);
    };
    const curve = await curveOf(`stageId=${planted.stageId}`);
    const score = curve.levels[0]!.score!;
    expect(score.q1).toBeCloseTo(at(0.25), 6);
    expect(score.median).toBeCloseTo(at(0.5), 6);
    expect(score.q3).toBeCloseTo(at(0.75), 6);
  });

  it('results the game writes into the database count at the next request, without a restart', async () => {
    const level3 = planted.levelIds[2]!;
    expect(findings(await curveOf(`stageId=${planted.stageId}`))).toEqual(EXPECTED_FINDINGS);
    await sql`update user_levels set completed = ${dialect === 'postgres' ? sql`false` : sql`0`} where level_id = ${level3}`.execute(
      api.database.db,
    );
    const curve = await curveOf(`stageId=${planted.stageId}`);
    expect(curve.levels[2]!.completionRate).toBe(0);
    expect(findings(curve)).toContainEqual({ levelNumber: 3, kind: 'harder' });
    await sql`update user_levels set completed = ${dialect === 'postgres' ? sql`true` : sql`1`}
      where level_id = ${level3} and id % 5 <> 0`.execute(api.database.db);
  });

  it('filters: results updated since / until, active players only, one language', async () => {
    const before = new Date(Date.now() - 3_600_000).toISOString();
    const after = new Date(Date.now() + 3_600_000).toISOString();
    // Every planted row was written (and stamped) after `before`.
    const since = await curveOf(`stageId=${planted.stageId}&since=${encodeURIComponent(before)}`);
    expect(since.levels.map((l) => l.players)).toEqual([...REACH]);
    const none = await curveOf(`stageId=${planted.stageId}&since=${encodeURIComponent(after)}`);
    expect(none.levels.every((l) => l.players === 0 && !l.judged)).toBe(true);
    expect(none.findings).toEqual([]);
    const until = await curveOf(`stageId=${planted.stageId}&until=${encodeURIComponent(before)}`);
    expect(until.levels.every((l) => l.players === 0)).toBe(true);

    // Half the players deactivated by the game: only the others count.
    const off = planted.userIds.filter((_, i) => i % 2 === 1);
    await api.database.db
      .updateTable('users')
      .set({ isActive: (dialect === 'postgres' ? false : 0) as never })
      .where('id', 'in', off)
      .execute();
    const active = await curveOf(`stageId=${planted.stageId}&activePlayers=true`);
    expect(active.levels[0]!.players).toBe(REACH[0]! / 2);
    expect((await curveOf(`stageId=${planted.stageId}`)).levels[0]!.players).toBe(REACH[0]);
    await api.database.db
      .updateTable('users')
      .set({ isActive: (dialect === 'postgres' ? true : 1) as never })
      .where('id', 'in', off)
      .execute();

    // Deleted players (the game's soft delete) are not active either.
    const gone = planted.userIds.slice(0, 10);
    const deletedAt = (at: string | null) =>
      api.database.db
        .updateTable('users')
        .set({ deletedAt: at as never })
        .where('id', 'in', gone)
        .execute();
    await deletedAt(new Date().toISOString());
    expect((await curveOf(`stageId=${planted.stageId}&activePlayers=true`)).levels[0]!.players).toBe(
      REACH[0]! - 10,
    );
    await deletedAt(null);

    const english = await curveOf(`stageId=${planted.stageId}&languageId=${f.english}`);
    expect(findings(english)).toEqual(EXPECTED_FINDINGS);
    const spanish = await api.get(`levels/cms/difficulty?stageId=${planted.stageId}&languageId=${f.spanish}`);
    expect(spanish.body.curves).toEqual([]);
  });

  it('a level with too few players is shown and never judged', async () => {
    const res = await api.get(`levels/cms/difficulty?stageId=${f.stage5}`);
    expect(res.status).toBe(200);
    const level = (res.body as DifficultyReport).curves[0]!.levels[0]!;
    expect(level).toMatchObject({ players: 0, completionRate: null, score: null, judged: false });
  });

  it('bad filters get a 400 naming what is wrong; an unknown stage or language a 404', async () => {
    const cases: Array<[string, number, string]> = [
      ['', 400, 'stageId is required: the stage whose levels to show'],
      ['stageId=abc', 400, 'stageId must be a whole number from 1 to 2,147,483,647, not "abc"'],
      [`stageId=${planted.stageId}&since=yesterday`, 400, 'since must be a day (2026-11-01)'],
      [
        `stageId=${planted.stageId}&since=2026-02-01&until=2026-01-01`,
        400,
        'since (2026-02-01) must come before until (2026-01-01)',
      ],
      [`stageId=${planted.stageId}&activePlayers=maybe`, 400, 'activePlayers must be true or false'],
      [`stageId=${planted.stageId}&level=7`, 400, 'Unknown parameter "level"'],
      ['stageId=999999', 404, 'Stage 999999 not found'],
      [`stageId=${planted.stageId}&languageId=999999`, 404, 'Language 999999 not found'],
    ];
    for (const [query, status, message] of cases) {
      const res = await api.get(`levels/cms/difficulty?${query}`);
      expect(res.status, query).toBe(status);
      expect(res.body.message, query).toContain(message);
    }
  });

  it('an editor limited to a language sees its curves only, and is refused another by name', async () => {
    const made = await api.post('tokens/cms', {
      name: 'spanish designer',
      permissions: 'viewer',
      languages: [f.spanish],
      expiresInDays: 1,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const asViewer = (query: string) =>
      request(api.app)
        .get(`${PREFIX}/levels/cms/difficulty?${query}`)
        .set('Authorization', `Bearer ${made.body.token}`);
    const refused = await asViewer(`stageId=${planted.stageId}&languageId=${f.english}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Your token may see Español levels only');
    const own = await asViewer(`stageId=${planted.stageId}`);
    expect(own.status).toBe(200);
    expect(own.body.curves).toEqual([]);
  });

  it("the home's health report lists the findings with the language's name and the stage's number", async () => {
    const res = await api.get('health/cms');
    expect(res.status).toBe(200);
    const difficulty = (res.body as HealthReport).difficulty!;
    expect(difficulty.stale).toBe(false);
    expect(difficulty.findings.map((x) => [x.language, x.stageNumber, x.levelNumber, x.kind])).toEqual([
      ['English', 90, 7, 'harder'],
      ['English', 90, 12, 'drop-off'],
    ]);
  });
});
