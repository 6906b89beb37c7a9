import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { cliJson, startCliHarness, type CliHarness } from './harness.ts';

/**
 * `argus-words releases …` (issue 45): publishing asks (or wants --yes in a script), shows the
 * findings and the changes first, follows the job; diff, show, list; rollback asks too; a draft
 * with an unsolvable level is refused naming it, unless forced with a reason.
 */
describe.each(DIALECTS)('argus-words releases (%s)', (dialect) => {
  let h: CliHarness;
  const ids: Record<string, number> = {};
  const json = (args: string[]) => cliJson(h, args);

  beforeAll(async () => {
    h = await startCliHarness(dialect);
    await h.login();
    ids.english = (await json(['language', 'create', '--set', 'language=English'])).id;
    ids.stage = (await json(['stage', 'create', '--set', 'number=1', '--set', 'letterCount=4'])).id;
    const english = `languageId=${ids.english}`;
    ids.group = (
      await json([
        'letter-group',
        'create',
        '--set',
        'letters=spat',
        '--set',
        english,
        '--set',
        `stageId=${ids.stage}`,
      ])
    ).id;
    ids.level = (
      await json([
        'level',
        'create',
        '--set',
        english,
        '--set',
        `stageId=${ids.stage}`,
        '--set',
        'checkCondition=words::2',
        '--set',
        'hint=Kitchen',
      ])
    ).id;
    await json([
      'letter-group-level',
      'create',
      '--set',
      `letterGroupId=${ids.group}`,
      '--set',
      `levelId=${ids.level}`,
    ]);
    for (const letters of ['tap', 'pat', 'sap']) {
      ids[letters] = (await json(['word', 'create', '--set', `letters=${letters}`, '--set', english])).id;
      await json([
        'letter-group-word',
        'create',
        '--set',
        `letterGroupId=${ids.group}`,
        '--set',
        `wordId=${ids[letters]}`,
      ]);
    }
  });
  afterAll(async () => h?.stop());

  const releases = async () =>
    (await json(['releases', 'list'])) as unknown as {
      releases: Array<{ number: number; role: string | null }>;
      state: { current: number | null };
    };

  it('publishes only when told to, shows the changes first, then diffs, shows and rolls back', async () => {
    const refused = await h.cli(['releases', 'publish', '--notes', 'First words']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'Error: Refusing to publish the draft (6 changes) without confirmation: add --yes',
    );
    expect(refused.stderr).toContain('No findings: the draft may be published.');
    expect((await releases()).releases).toEqual([]);

    const dry = await h.cli(['releases', 'publish', '--notes', 'First words', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toContain('  Words: 3 added');
    expect((await releases()).releases).toEqual([]);

    const first = await h.cli(['releases', 'publish', '--notes', 'First words', '--yes']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('Published release 1.');
    expect(first.stdout).toMatch(/^Release 1 \(current\)\n/);
    expect(first.stdout).toContain('English: 1 levels, 1 letter groups, 3 words');

    const deactivated = await h.cli(['word', 'update', String(ids.sap), '--set', 'isActive=false']);
    expect(deactivated.code, deactivated.stderr).toBe(0);
    const pending = await h.cli(['releases', 'diff', 'draft']);
    expect(pending.code, pending.stderr).toBe(0);
    expect(pending.stdout).toContain('The draft against release 1: 1 change');
    expect(pending.stdout).toContain('  removed English "sap"');

    const second = (await json(['releases', 'publish', '--notes', 'No sap', '--yes'])) as unknown as {
      number: number;
    };
    expect(second.number).toBe(2);
    const diff = (await json(['releases', 'diff', '2'])) as unknown as { from: number; rows: unknown[] };
    expect(diff.from).toBe(1);
    expect(diff.rows).toEqual([{ table: 'words', action: 'removed', language: 'English', name: '"sap"' }]);
    const shown = await h.cli(['releases', 'show', '1']);
    expect(shown.stdout).toContain('Release 1 (previous)');
    expect(shown.stdout).toContain('notes: First words');

    const script = await h.cli(['releases', 'rollback', '1']);
    expect(script.code).toBe(1);
    expect(script.stderr.trim()).toBe(
      'Error: Refusing to roll back to release 1 without confirmation: add --yes.',
    );
    const asked: string[] = [];
    const rolled = await h.cli(['releases', 'rollback', '1', '--reason', 'sap is back'], {
      answers: (message) => (asked.push(message), true),
    });
    expect(rolled.code, rolled.stderr).toBe(0);
    expect(asked).toEqual(['Roll the game back to release 1 (from release 2)?']);
    expect(rolled.stderr).toContain('The game gets release 1 from its next request (from release 2).');
    expect((await releases()).state.current).toBe(1);
  });

  it('refuses a draft with an unsolvable level, naming it; forced with a reason, publishes', async () => {
    const hard = await h.cli(['level', 'update', String(ids.level), '--set', 'checkCondition=words::30']);
    expect(hard.code, hard.stderr).toBe(0);
    const refused = await h.cli(['releases', 'publish', '--notes', 'Hard', '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('1 finding stops a publish:');
    expect(refused.stderr).toContain(`level ${ids.level} (English, stage 1, number 1) cannot be finished`);
    expect((await h.cli(['releases', 'publish', '--notes', 'Hard', '--force', '--yes'])).code).toBe(2);
    const forced = (await json([
      'releases',
      'publish',
      '--notes',
      'Hard',
      '--force',
      '--reason',
      'an event level',
      '--yes',
    ])) as unknown as { forcedReason: string; forcedFindings: { total: number } };
    expect(forced.forcedReason).toBe('an event level');
    expect(forced.forcedFindings.total).toBe(1);
  });
});
