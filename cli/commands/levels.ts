import type { Command } from 'commander';
import type { Connection } from '../connection.ts';
import type { LevelsImportOptions } from '../actions/levels-import.ts';
import type { ImportOptions } from '../actions/import.ts';
import type { DifficultyOptions } from '../actions/difficulty.ts';

/**
 * `argus-words levels import` is the table import every entity has, plus the level-file import:
 * a file with the columns stage and language, the check-condition inputs or letterGroups (which
 * are not fields of a level) is read as a level file.
 */
export function registerLevelCommands(levels: Command, connection: () => Connection): void {
  const command = levels.commands.find((c) => c.name() === 'import')!;
  command
    .description(
      `${command.description()}\n\nA level file instead, when it has the columns stage and language (ids), or any of ` +
        'the check-condition inputs numberOfWords, requiredLetter (first/last), endIsStart, numberOfLetters, ' +
        'lettersAtLeast, or letterGroups (ids separated by spaces or ";") to link: levels upserted on (language, ' +
        'stage, number), with hint, assignment, time, isActive, isChill, the check condition composed as the ' +
        'panel does. No confirmation is asked. Re-running changes nothing.',
    )
    .addHelpText(
      'after',
      '\nLevel files:\n  $ argus-words levels import levels.csv --dry-run\n\n' +
        'levels.csv:\n  stage,language,number,hint,numberOfWords,numberOfLetters,lettersAtLeast,letterGroups\n' +
        '  1,1,1,Warm up,5,3,true,4;7',
    )
    .action(async (file: string, options: LevelsImportOptions & ImportOptions) => {
      const { isLevelFile } = await import('../files/level-file.ts');
      if (await isLevelFile(file)) {
        const { levelsImportAction } = await import('../actions/levels-import.ts');
        return levelsImportAction(file, options, connection());
      }
      const [{ importAction }, { level }] = await Promise.all([
        import('../actions/import.ts'),
        import('#shared/entities/index.ts'),
      ]);
      return importAction(level, file, options, connection());
    });

  levels
    .command('difficulty')
    .description(
      'How players fare on each level of a stage: players, completion rate, score (median and quartiles), ' +
        'valid and invalid words, duplicates, speed, the most frequent most valuable word and the drop-off to ' +
        'the next level; then the levels much harder or easier than their neighbours and those where players stop.',
    )
    .requiredOption('--stage <number>', "the stage's number")
    .option('--language <name>', 'one language (name or id); default: every language of the stage')
    .option('--since <day>', 'results updated on or after this day (2026-11-01) or instant (ISO 8601)')
    .option('--until <day>', 'results updated before this instant, or through this day')
    .option('--active-players', 'only players whose account is active')
    .option('--format <format>', 'table, csv or json (default: table; json with --json)')
    .addHelpText(
      'after',
      '\nExamples:\n  $ argus-words levels difficulty --stage 4 --language English\n' +
        "  $ argus-words levels difficulty --stage 4 --format json | jq '.curves[].findings[] | {levelNumber, kind}'",
    )
    .action(async (options: DifficultyOptions) => {
      const { difficultyAction } = await import('../actions/difficulty.ts');
      return difficultyAction(options, connection());
    });
}
