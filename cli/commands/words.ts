import type { Command } from 'commander';
import type { Connection } from '../connection.ts';
import { positiveInt } from '../entities/field-values.ts';
import type { WordsImportOptions } from '../actions/words-import.ts';

/** `argus-words words import`, added to the `word` (alias `words`) entity command. */
export function registerWordCommands(words: Command, connection: () => Connection): void {
  words.description(`${words.description().replace(/\.$/, '')}, import.`);
  words
    .command('import')
    .description(
      'Import a dictionary into a language: one word per line (txt), a "letters"/"word" column (csv) or a ' +
        'JSON array. Words are trimmed, lower-cased and NFC-normalised; blank lines and # comments are ' +
        'skipped; invalid rows are reported with their line. Upserts on (letters, language): re-running ' +
        'creates nothing, and an interrupted import completes without duplicates.',
    )
    .argument('<file>', 'the dictionary file')
    .requiredOption('--language <id>', 'the language the words belong to', positiveInt('--language'))
    .option('--format <format>', 'txt, csv or json (default: from the file extension, else txt)')
    .option('--dry-run', 'report what would be created, updated, unchanged and rejected; write nothing')
    .option('--batch-size <n>', 'rows per bulk request (at most 1000)', positiveInt('--batch-size', 1000))
    .addHelpText(
      'after',
      '\nExamples:\n  $ argus-words words import /usr/share/dict/american-english --language 1 --dry-run\n' +
        '  $ argus-words words import words.csv --language 2 --json > report.json',
    )
    .action(async (file: string, options: WordsImportOptions) => {
      const { wordsImportAction } = await import('../actions/words-import.ts');
      await wordsImportAction(file, options, connection());
    });
}
