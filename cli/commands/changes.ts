import type { Command } from 'commander';
import type { Connection } from '../connection.ts';
import { withPaging } from './paging.ts';
import type { ChangesListOptions, ChangesShowOptions, UndoOptions } from '../actions/changes.ts';

/** `argus-words changes list | show | undo`: every writing run is a change set, undone as one unit. */
export function registerChangeCommands(program: Command, connection: () => Connection): void {
  const actions = () => import('../actions/changes.ts');
  const changes = program
    .command('changes')
    .description(
      'Every command, import or script run that writes is recorded as one change set (who, when, the ' +
        'command line, counts); list them, show one row by row, or undo one as a unit.',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  $ argus-words changes list\n  $ argus-words changes show 0b5c…\n' +
        '  $ argus-words changes undo 0b5c… --dry-run',
    );

  withPaging(
    changes
      .command('list')
      .description('The change sets, newest first.')
      .option('--user <username>', 'only this admin’s'),
    'change sets',
  )
    .addHelpText('after', '\nExample:\n  $ argus-words changes list --user alice --json')
    .action(async (options: ChangesListOptions) => (await actions()).listAction(options, connection()));

  withPaging(
    changes
      .command('show')
      .description(
        'One change set: who, when, the command, and each row it changed with its fields old → new.',
      )
      .argument('<id>', 'the change set (printed at the end of the command that made it)'),
    'rows',
    'page of rows, from 1',
  )
    .option('--all', 'every row')
    .addHelpText('after', '\nExample:\n  $ argus-words changes show 0b5c… --all --json')
    .action(async (id: string, options: ChangesShowOptions) =>
      (await actions()).showAction(id, options, connection()),
    );

  changes
    .command('undo')
    .description(
      'Restore every row the change set touched to its values from before: deleted rows come back ' +
        'with their ids, created rows are deleted. Shows the plan first, asks on a terminal (--yes ' +
        'without one). A row changed since is refused, naming it, unless --force. The undo is itself a ' +
        'change set; a change set is undone once. Exit code 1 when a row was refused.',
    )
    .argument('<id>', 'the change set')
    .option('--dry-run', 'show the plan and write nothing')
    .option('--yes', 'do not ask (required without a terminal)')
    .option('--force', 'also restore rows changed since the change set')
    .addHelpText(
      'after',
      '\nExamples:\n  $ argus-words changes undo 0b5c… --dry-run\n  $ argus-words changes undo 0b5c… --yes',
    )
    .action(async (id: string, options: UndoOptions) =>
      (await actions()).undoAction(id, options, connection()),
    );
}
