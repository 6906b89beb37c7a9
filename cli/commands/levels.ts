import type { Command } from 'commander';
import type { Connection } from '../connection.ts';
import type { LevelsImportOptions } from '../actions/levels-import.ts';

/** `argus-words levels import`, added to the `level` (alias `levels`) entity command. */
export function registerLevelCommands(levels: Command, connection: () => Connection): void {
  levels.description(`${levels.description().replace(/\.$/, '')}, import.`);
  levels
    .command('import')
    .description(
      'Create or update levels from a CSV (with a header) or a JSON array. Columns: stage, language, number ' +
        '(these three identify the level), hint, assignment, time, isActive, isChill, the check-condition ' +
        'inputs numberOfWords, requiredLetter (first/last), endIsStart, numberOfLetters, lettersAtLeast, and ' +
        'letterGroups (ids separated by spaces or ";") to link. Re-running changes nothing.',
    )
    .argument('<file>', 'the levels file (.csv or .json)')
    .option('--format <format>', 'csv or json (default: from the file extension)')
    .option('--dry-run', 'report what would be created, updated, unchanged and rejected; write nothing')
    .addHelpText(
      'after',
      '\nExample:\n  $ argus-words levels import levels.csv --dry-run\n\n' +
        'levels.csv:\n  stage,language,number,hint,numberOfWords,numberOfLetters,lettersAtLeast,letterGroups\n' +
        '  1,1,1,Warm up,5,3,true,4;7',
    )
    .action(async (file: string, options: LevelsImportOptions) => {
      const { levelsImportAction } = await import('../actions/levels-import.ts');
      await levelsImportAction(file, options, connection());
    });
}
