import type { Command } from 'commander';
import type { Connection } from '../connection.ts';
import { positiveInt } from '../entities/field-values.ts';
import type { WordsImportOptions } from '../actions/words-import.ts';
import type { ImportOptions } from '../actions/import.ts';

/**
 * `argus-words words import` is the table import every entity has, plus the dictionary import:
 * with `--language` (or a .txt file) the file is a word list for that language.
 */
export function registerWordCommands(words: Command, connection: () => Connection): void {
  const command = words.commands.find((c) => c.name() === 'import')!;
  command
    .description(
      `${command.description()}\n\nWith --language, a dictionary for that language instead: one word per line (txt), ` +
        'a "letters"/"word" column (csv, an isActive column honoured) or a JSON array of words or objects. Words ' +
        'are trimmed, lower-cased and NFC-normalised; blank lines and # comments are skipped; invalid rows are ' +
        'reported with their line. Upserts on (letters, language): re-running creates nothing, and an ' +
        'interrupted import completes without duplicates. No confirmation is asked.',
    )
    .option('--language <id>', 'a dictionary: the language its words belong to', positiveInt('--language'))
    .addHelpText(
      'after',
      '\nDictionaries:\n  $ argus-words words import /usr/share/dict/american-english --language 1 --dry-run\n' +
        '  $ argus-words words import words.csv --language 2 --json > report.json',
    )
    .action(async (file: string, options: WordsImportOptions & ImportOptions) => {
      const dictionary =
        options.language !== undefined || /\.txt$/i.test(file) || options.format?.toLowerCase() === 'txt';
      if (dictionary) {
        const { wordsImportAction } = await import('../actions/words-import.ts');
        return wordsImportAction(file, options, connection());
      }
      const [{ importAction }, { word }] = await Promise.all([
        import('../actions/import.ts'),
        import('#shared/entities/index.ts'),
      ]);
      return importAction(word, file, options, connection());
    });
}
