/**
 * Renumbers the levels of one stage of a language 1, 2, 3 … (or from --start N), keeping their order:
 * the gaps left by deleted levels close up.
 *
 *   argus-words run examples/scripts/renumber-stage-levels.ts -- --language 1 --stage 2
 *   argus-words run examples/scripts/renumber-stage-levels.ts --no-dry-run -- --language 1 --stage 2
 *
 * A level's number is unique within its language and stage, so levels are moved in an order where
 * each one's new number is already free: those moving down first (lowest first), then those moving
 * up (highest first). Safe to re-run: levels already numbered right are left alone.
 */
import { parseArgs } from 'node:util';
import { defineScript } from 'argus-words/script';

function idOption(value: string | undefined, name: string): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1) throw new Error(`Give --${name} ID`);
  return id;
}

export default defineScript(async ({ api, args, log, progress }) => {
  const { values } = parseArgs({
    args,
    options: {
      language: { type: 'string' },
      stage: { type: 'string' },
      start: { type: 'string', default: '1' },
    },
  });
  const languageId = idOption(values.language, 'language');
  const stageId = idOption(values.stage, 'stage');
  const start = Number(values.start);
  if (!Number.isInteger(start) || start < 0) throw new Error('--start must be a whole number');

  // Levels are searched by hint only: read them all and keep this stage's.
  const levels: Array<{ id: number; number: number }> = [];
  for await (const level of api.levels.exportAll())
    if (level.languageId === languageId && level.stageId === stageId) levels.push(level);
  levels.sort((a, b) => a.number - b.number || a.id - b.id);

  const moves = levels
    .map((level, index) => ({ id: level.id, from: level.number, to: start + index }))
    .filter((move) => move.from !== move.to);
  const down = moves.filter((m) => m.to < m.from).sort((a, b) => a.to - b.to);
  const up = moves.filter((m) => m.to > m.from).sort((a, b) => b.to - a.to);
  log(`Stage ${stageId}, language ${languageId}: ${levels.length} levels, ${moves.length} to renumber.`);

  const bar = progress('Renumbering', moves.length, 'levels');
  for (const move of [...down, ...up]) {
    await api.levels.update(move.id, { number: move.to });
    bar.increment();
  }
  bar.finish();
});
