import type { Command } from 'commander';
import type { Connection } from '../connection.ts';
import { positiveInt } from '../entities/field-values.ts';
import type { WordsImportOptions } from '../actions/words-import.ts';
import type { ImportOptions } from '../actions/import.ts';
import { UsageError } from '../context.ts';

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

  words
    .command('check')
    .description(
      "Checks words against the language's dictionary (issue 46): each word's verdicts — unknown, " +
        'proper-noun, offensive, alphabet — or known, and a decision a content manager made on a stored ' +
        'word. Words one a line from FILE, or standard input. Nothing is written. Exits 1 when a word is flagged.',
    )
    .argument('[file]', 'a word list (one a line); standard input without it')
    .requiredOption('--language <name>', 'the language, by its name or id')
    .option('--format <format>', 'table or json (default: table, or json with --json)')
    .option('--flagged', 'list only the flagged words')
    .addHelpText(
      'after',
      '\nExamples:\n  $ argus-words words check --language English new-words.txt\n' +
        '  $ echo paris | argus-words words check --language English --format json\n' +
        '  $ argus-words words check --language Español list.txt --flagged',
    )
    .action(async (file: string | undefined, options: WordsCheckOptions) =>
      (await import('../actions/words-check.ts')).wordsCheckAction(file, options, connection()),
    );

  words
    .command('decide')
    .description(
      'Accepts or excludes stored words of a language, with a reason, one or many: an accepted word ' +
        'loses its findings; an excluded one is deactivated and cannot be linked to a letter group. ' +
        '--withdraw takes the decision back. Each word is an audited change; decisions survive ' +
        're-imports and dictionary changes.',
    )
    .argument('[words...]', 'the words')
    .requiredOption('--language <name>', 'the language, by its name or id')
    .option('--accept', 'accept the words')
    .option('--exclude', 'exclude the words')
    .option('--withdraw', 'withdraw the decision')
    .option('--reason <text>', 'why (required to accept or exclude)')
    .option('--file <file>', 'more words, one a line')
    .addHelpText(
      'after',
      '\nExamples:\n  $ argus-words words decide --language English --accept --reason "brand name" xqzt\n' +
        '  $ argus-words words decide --language English --exclude --reason "slur" --file slurs.txt',
    )
    .action(async (list: string[], options: WordsDecideOptions) => {
      const chosen = (['accept', 'exclude', 'withdraw'] as const).filter((k) => options[k]);
      if (chosen.length !== 1) throw new UsageError('Choose one of --accept, --exclude or --withdraw.');
      const decision = { accept: 'accepted', exclude: 'excluded', withdraw: 'withdraw' } as const;
      const { wordsDecideAction } = await import('../actions/words-check.ts');
      return wordsDecideAction(list, { ...options, decision: decision[chosen[0]!] }, connection());
    });
}

interface WordsCheckOptions {
  language: string;
  format?: string;
  flagged?: boolean;
}

interface WordsDecideOptions {
  language: string;
  accept?: boolean;
  exclude?: boolean;
  withdraw?: boolean;
  reason?: string;
  file?: string;
}
