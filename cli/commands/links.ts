import type { Command } from 'commander';
import type { Connection } from '../connection.ts';
import { positiveInt } from '../entities/field-values.ts';
import type { LinksBuildOptions } from '../actions/links-build.ts';

/** `argus-words links build`: letter-group-word links from the words each group can build. */
export function registerLinkCommands(program: Command, connection: () => Connection): void {
  const links = program
    .command('links')
    .description('Maintain the letter-group-word links.')
    .addHelpText('after', '\nExample:\n  $ argus-words links build --language 1 --dry-run');
  const id = positiveInt('--letter-group');
  links
    .command('build')
    .description(
      'Link each letter group of a language (the active ones, or those given) to every active word of the ' +
        'language a player can build from its letters, each letter used at most as often as the group has ' +
        'it. Creates the missing links; --prune also removes links to words that no longer qualify.',
    )
    .requiredOption('--language <id>', 'the language', positiveInt('--language'))
    .option(
      '--letter-group <id>',
      'only this letter group (repeatable)',
      (value: string, previous: number[] = []) => [...previous, id(value)],
    )
    .option('--dry-run', 'report what would change; write nothing')
    .option('--prune', 'remove links to words that are inactive or not buildable')
    .option('--reuse-letters', 'a letter of the group may be used any number of times')
    .addHelpText(
      'after',
      '\nExamples:\n  $ argus-words links build --language 1\n' +
        '  $ argus-words links build --language 1 --letter-group 4 --letter-group 5 --prune --dry-run',
    )
    .action(async (options: LinksBuildOptions) => {
      const { linksBuildAction } = await import('../actions/links-build.ts');
      await linksBuildAction(options, connection());
    });
}
