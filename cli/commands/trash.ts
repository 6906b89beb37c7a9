import type { Command } from 'commander';
import type { Connection } from '../connection.ts';
import { positiveInt } from '../entities/field-values.ts';
import { withPaging } from './paging.ts';
import type { TrashListOptions } from '../actions/history.ts';

/** `argus-words trash list | restore`: rows deleted in the last 30 days, restorable with their ids. */
export function registerTrashCommands(program: Command, connection: () => Connection): void {
  const actions = () => import('../actions/history.ts');
  const trash = program
    .command('trash')
    .description(
      'Rows deleted (one by one, in bulk, or by an undo) stay in the trash for 30 days; list them, or ' +
        'restore one with its id.',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  $ argus-words trash list --entity words\n  $ argus-words trash restore 12',
    );

  withPaging(
    trash
      .command('list')
      .description('The deleted rows, newest first (the ID to restore is the first column).')
      .option('--entity <entity>', 'only rows of this entity (e.g. words, letter-groups)'),
    'rows',
  )
    .addHelpText(
      'after',
      '\nExamples:\n  $ argus-words trash list\n  $ argus-words trash list --entity words --page 2',
    )
    .action(async (options: TrashListOptions) => (await actions()).trashListAction(options, connection()));

  trash
    .command('restore')
    .description(
      'Re-create a deleted row with its id. Refused when the id or its natural key is taken again, or ' +
        'a row it refers to is gone.',
    )
    .argument('<id>', 'the trash entry (from trash list)', positiveInt('<id>'))
    .addHelpText('after', '\nExample:\n  $ argus-words trash restore 12')
    .action(async (id: number) => (await actions()).trashRestoreAction(id, connection()));
}
