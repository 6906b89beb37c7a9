import type { DifficultyFilters, DifficultyReport, LevelFigures } from '#shared/difficulty.ts';
import { FINDING_LABELS, MIN_PLAYERS, percent } from '#shared/difficulty.ts';
import { csvRows } from '#shared/record-text.ts';
import type { Connection } from '../connection.ts';
import { CliError, UsageError } from '../context.ts';
import { formatTable } from '../output.ts';
import { languageIds } from './team.ts';

export interface DifficultyOptions {
  stage: string;
  language?: string;
  since?: string;
  until?: string;
  activePlayers?: boolean;
  format?: string;
}

const FORMATS = ['table', 'csv', 'json'] as const;

const COLUMNS = [
  { field: 'language', label: 'Language' },
  { field: 'level', label: 'Level' },
  { field: 'players', label: 'Players' },
  { field: 'completion', label: 'Completion' },
  { field: 'medianScore', label: 'Median score' },
  { field: 'scoreQ1', label: 'Q1' },
  { field: 'scoreQ3', label: 'Q3' },
  { field: 'validWords', label: 'Valid words' },
  { field: 'invalidShare', label: 'Invalid' },
  { field: 'duplicateWords', label: 'Duplicates' },
  { field: 'wordsPerSecond', label: 'Words/s' },
  { field: 'topWord', label: 'Top word' },
  { field: 'dropOff', label: 'Drop-off' },
  { field: 'finding', label: 'Finding' },
];

const round = (value: number | null, digits = 2) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;

/** One line per level and language, as the table and the CSV show it. */
function lines(report: DifficultyReport, csv: boolean) {
  const share = (value: number | null) => (value === null ? null : csv ? round(value, 4) : percent(value));
  return report.curves.flatMap((curve) =>
    curve.levels.map((level: LevelFigures) => {
      const found = curve.findings.filter((f) => f.levelId === level.levelId).map((f) => f.kind);
      const verdict = level.judged ? found.join(' ') : `too few players (${level.players} of ${MIN_PLAYERS})`;
      return {
        language: curve.language,
        level: level.number,
        players: level.players,
        completion: share(level.completionRate),
        medianScore: level.score?.median ?? null,
        scoreQ1: level.score?.q1 ?? null,
        scoreQ3: level.score?.q3 ?? null,
        validWords: round(level.validWords, 1),
        invalidShare: share(level.invalidShare),
        duplicateWords: round(level.duplicateWords, 1),
        wordsPerSecond: round(level.wordsPerSecond),
        topWord: level.topWord
          ? csv
            ? level.topWord.word
            : `${level.topWord.word} (${level.topWord.players})`
          : null,
        dropOff: share(level.dropOff),
        finding: verdict,
      };
    }),
  );
}

/**
 * `levels difficulty --stage NUMBER [--language NAME]`: how players fare on each level of a stage,
 * and the levels that stand out. JSON (`--format json` or `--json`) is the API's report: each
 * level's figures and each finding with its level number and kind.
 */
export async function difficultyAction(options: DifficultyOptions, conn: Connection): Promise<void> {
  await conn.requireLogin();
  const { api, out, ctx } = conn;
  const format = (options.format ?? (out.json ? 'json' : 'table')).toLowerCase();
  if (!(FORMATS as readonly string[]).includes(format))
    throw new UsageError(`Unknown format "${format}": use ${FORMATS.join(', ')}`);
  if (!/^\d{1,10}$/.test(options.stage))
    throw new UsageError(`--stage takes the stage's number, not "${options.stage}"`);
  const stages = (await api.stages.search({ filters: { number: Number(options.stage) } })).items;
  const stage = stages.find((s) => s.number === Number(options.stage));
  if (!stage) throw new CliError(`No stage has number ${options.stage}: see \`argus-words stage list\``);
  const filters: DifficultyFilters = { stageId: stage.id };
  if (options.language !== undefined) {
    const ids = await languageIds(conn, options.language);
    if (!ids || ids.length !== 1) throw new UsageError('--language names one language');
    filters.languageId = ids[0];
  }
  if (options.since) filters.since = options.since;
  if (options.until) filters.until = options.until;
  if (options.activePlayers) filters.activePlayers = true;
  const report = await api.difficulty.ofStage(filters);

  if (format === 'json') {
    ctx.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return;
  }
  if (format === 'csv') {
    ctx.stdout.write(
      csvRows(
        COLUMNS.map((c) => c.field),
        lines(report, true),
        true,
      ),
    );
    return;
  }
  if (report.curves.length === 0) {
    out.message(
      `Stage ${report.stage.number} has no levels${options.language ? ` in ${options.language}` : ''}.`,
    );
    return;
  }
  ctx.stdout.write(formatTable(COLUMNS, lines(report, false)));
  for (const curve of report.curves) {
    const header = `${curve.language}, stage ${curve.stageNumber}`;
    if (curve.findings.length === 0) out.message(`${header}: no level stands out.`);
    for (const finding of curve.findings)
      out.message(`${header}, ${FINDING_LABELS[finding.kind].toLowerCase()}: ${finding.message}`);
  }
}
