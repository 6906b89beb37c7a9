import type { Command } from 'commander';
import type { Connection } from '../connection.ts';
import { positiveInt } from '../entities/field-values.ts';
import { withPaging } from './paging.ts';
import type { AuditOptions } from '../actions/audit.ts';

/** `argus-words lint` (content checks before a release) and `argus-words audit` (who changed what). */
export function registerReviewCommands(program: Command, connection: () => Connection): void {
  program
    .command('lint')
    .summary('Check the content before a release; exit code 1 on problems.')
    .description(
      'Check the content: levels whose letter groups cannot meet their check condition, conditions not ' +
        'understood, letter groups without words, levels without letter groups, references to inactive ' +
        'rows, duplicate words. One line per problem; exit code 1 when there is any.',
    )
    .option('--language <id>', 'only this language', positiveInt('--language'))
    .addHelpText(
      'after',
      '\nExamples:\n  $ argus-words lint --language 1\n  $ argus-words lint --json | jq .problems',
    )
    .action(async (options: { language?: number }) => {
      const { lintAction } = await import('../actions/lint.ts');
      await lintAction(options, connection());
    });

  const audit = withPaging(
    program
      .command('audit')
      .description('Read the audit log, newest first.')
      .option('--entity <entity>', 'only changes to this entity (e.g. words, letter-groups)')
      .option('--id <n>', 'only changes to this row (with --entity)', positiveInt('--id'))
      .option('--user <username>', 'only changes by this user (part of the name)')
      .option('--action <action>', 'create, update or delete'),
    'entries',
  )
    .option('--all', 'every page')
    .addHelpText('after', '\nExample:\n  $ argus-words audit --entity words --id 12 --user alice')
    .action(async (options: AuditOptions) => {
      const { auditAction } = await import('../actions/audit.ts');
      await auditAction(options, connection());
    });

  audit
    .command('revert')
    .description(
      'Put back what one audit entry changed: an update’s fields get their earlier values, a deleted ' +
        'row comes back with its id, a created row is deleted. Refused, naming why, when the row changed ' +
        'since or a row it refers to is gone.',
    )
    .argument('<id>', 'the audit entry (the ID column of audit)', positiveInt('<id>'))
    .addHelpText('after', '\nExample:\n  $ argus-words audit revert 1234')
    .action(async (id: number) => {
      const { revertAction } = await import('../actions/history.ts');
      await revertAction(id, connection());
    });
}
