import type { Command } from 'commander';
import type { Connection } from '../connection.ts';
import { positiveInt } from '../entities/field-values.ts';
import type { DiffOptions, PublishOptions, RollbackOptions } from '../actions/releases.ts';

/** `argus-words releases list | show | diff | publish | rollback` (issue 45). */
export function registerReleaseCommands(program: Command, connection: () => Connection): void {
  const actions = () => import('../actions/releases.ts');
  const releases = program
    .command('releases')
    .description(
      'What the game reads: numbered, immutable snapshots of the content. Publish the draft (checked ' +
        'first: every active level solvable, no error finding), see what a release changed, roll back.',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  $ argus-words releases list\n  $ argus-words releases diff draft\n' +
        '  $ argus-words releases publish --notes "Spring words" --yes\n  $ argus-words releases rollback 12 --yes',
    );
  const number = positiveInt('release number');

  releases
    .command('list')
    .description(
      'The releases, newest first: which one the game gets (current, staged, previous), who published it, when.',
    )
    .addHelpText('after', '\nExample:\n  $ argus-words releases list --json')
    .action(async () => (await actions()).listAction(connection()));

  releases
    .command('show')
    .description('One release: notes, content hash, a forced publish’s reason, and each language’s bundle.')
    .argument('<number>', 'the release', number)
    .addHelpText('after', '\nExample:\n  $ argus-words releases show 12')
    .action(async (n: number) => (await actions()).showAction(n, connection()));

  releases
    .command('diff')
    .description(
      'What a release changed against another (default: the one before it), or — with `draft` — what ' +
        'publishing now would change: counts per table and the rows, named as people know them.',
    )
    .argument('<number|draft>', 'a release number, or draft')
    .option('--against <number>', 'the release to compare with', number)
    .addHelpText(
      'after',
      '\nExamples:\n  $ argus-words releases diff draft\n  $ argus-words releases diff 12 --against 9 --json',
    )
    .action(async (which: string, options: DiffOptions) =>
      (await actions()).diffAction(which, options, connection()),
    );

  releases
    .command('publish')
    .description(
      'Check the draft and publish it as the next release, then wait for it. Shows the findings and the ' +
        'changes first; asks on a terminal (--yes without one). Refused with findings (exit 1) unless ' +
        '--force with a --reason (administrators; recorded in the release).',
    )
    .requiredOption('--notes <text>', 'what this release is (shown in the list)')
    .option('--dry-run', 'check and show the changes; publish nothing')
    .option('--force', 'publish despite findings (needs --reason)')
    .option('--reason <text>', 'why the findings may go to players')
    .option(
      '--share <percent>',
      'staged rollout: this share of players first (1-100)',
      positiveInt('--share', 100),
    )
    .option('--yes', 'do not ask (required without a terminal)')
    .addHelpText(
      'after',
      '\nExamples:\n  $ argus-words releases publish --notes "Spring words" --dry-run\n' +
        '  $ argus-words releases publish --notes "Spring words" --yes\n' +
        '  $ argus-words releases publish --notes "Event" --force --reason "meant to be hard" --yes',
    )
    .action(async (options: PublishOptions) => (await actions()).publishAction(options, connection()));

  releases
    .command('rollback')
    .description(
      'Make a release current again: the game gets it from its next request. Asks on a terminal (--yes without one).',
    )
    .argument('<number>', 'the release to go back to', number)
    .option('--reason <text>', 'why (recorded in the audit log)')
    .option('--yes', 'do not ask (required without a terminal)')
    .addHelpText('after', '\nExample:\n  $ argus-words releases rollback 11 --reason "broken level" --yes')
    .action(async (n: number, options: RollbackOptions) =>
      (await actions()).rollbackAction(n, options, connection()),
    );
}
