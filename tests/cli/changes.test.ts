import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliJson, startCliHarness, type CliHarness } from './harness.ts';

const LINE = /^Change set ([0-9a-f-]{36}): (\d+) changed — undo with: argus-words changes undo \1$/m;

/** Every writing run is a change set: printed at the end, listed, shown, undone as one unit. */
describe('argus-words changes', () => {
  let h: CliHarness;
  const ids: Record<string, number> = {};
  const json = (args: string[]) => cliJson(h, args);
  const words = async () =>
    ((await json(['word', 'list', '--all'])) as unknown as Array<{ letters: string; isActive: boolean }>)
      .map((w) => `${w.letters}:${w.isActive}`)
      .sort();

  beforeAll(async () => {
    h = await startCliHarness();
    await h.login();
    ids.english = (await json(['language', 'create', '--set', 'language=English'])).id;
    for (const letters of ['fizz', 'buzz', 'jazz', 'tap']) {
      ids[letters] = (
        await json(['word', 'create', '--set', `letters=${letters}`, '--set', `languageId=${ids.english}`])
      ).id;
    }
  });
  afterAll(async () => h?.stop());

  it('ends a writing command with its change set; list, show and undo restore the rows', async () => {
    const before = await words();
    const update = await h.cli([
      'word',
      'update',
      '--where',
      'letters~zz',
      '--set',
      'isActive=false',
      '--yes',
    ]);
    expect(update.code, update.stderr).toBe(0);
    const [, id, count] = LINE.exec(update.stderr)!;
    expect(count).toBe('3');
    // A dry run and a read change nothing: no change set line.
    const dry = await h.cli([
      'word',
      'update',
      '--where',
      'letters~zz',
      '--set',
      'isActive=true',
      '--dry-run',
    ]);
    expect(dry.stderr).not.toMatch(LINE);
    expect((await h.cli(['word', 'list'])).stderr).not.toMatch(LINE);

    const list = (await json(['changes', 'list'])) as unknown as { items: Array<Record<string, unknown>> };
    expect(list.items[0]).toMatchObject({
      id,
      username: 'admin',
      command: `argus-words --api ${h.api} word update --where letters~zz --set isActive=false --yes`,
      counts: { created: 0, updated: 3, deleted: 0 },
    });
    const text = await h.cli(['changes', 'list']);
    expect(text.stdout).toContain(id!);
    expect(text.stdout).toContain('0 created, 3 updated, 0 deleted');

    const show = await h.cli(['changes', 'show', id!]);
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toContain(`Change set ${id}\n  by admin at `);
    expect(show.stdout).toContain(`words ${ids.fizz} updated: isActive true → false`);

    const refused = await h.cli(['changes', 'undo', id!]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`Change set ${id} touched 3 rows: 3 will be restored`);
    expect(refused.stderr).toContain(
      `Error: Refusing to undo change set ${id} (3 rows) without confirmation: add --yes (or --dry-run).`,
    );
    expect(await words()).not.toEqual(before);

    const undo = await h.cli(['changes', 'undo', id!, '--yes']);
    expect(undo.code, undo.stderr).toBe(0);
    expect(undo.stderr).toContain(`Restored 3 rows, 0 unchanged, 0 refused. Change set ${id} is undone.`);
    const [, undoId, undone] = LINE.exec(undo.stderr)!;
    expect(undone).toBe('3');
    expect(await words()).toEqual(before);
    expect((await json(['changes', 'show', undoId!])).changeSet).toMatchObject({ undoes: id });

    const twice = await h.cli(['changes', 'undo', id!, '--yes']);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(
      new RegExp(`^Error: Change set ${id} was already undone by change set ${undoId}`),
    );
  });

  it('undoes a delete by re-creating the rows with their ids; --json carries the change set', async () => {
    const deleted = await h.cli(['--json', 'word', 'delete', String(ids.tap), '--yes']);
    expect(deleted.code, deleted.stderr).toBe(0);
    const [, id] = LINE.exec(deleted.stderr)!;
    expect((await h.cli(['word', 'get', String(ids.tap)])).code).not.toBe(0);

    // Someone edits a row of the change set meanwhile: the undo plan names it; --force is not needed
    // for the deleted row, which nobody re-created.
    const plan = await json(['changes', 'undo', id!, '--dry-run']);
    expect(plan).toMatchObject({ dryRun: true, matched: 1, changed: 1, refused: 0 });
    const undo = await h.cli(['--json', 'changes', 'undo', id!, '--yes']);
    expect(undo.code, undo.stderr).toBe(0);
    expect(JSON.parse(undo.stdout)).toMatchObject({ complete: true, undone: id, changed: 1 });
    expect(await json(['word', 'get', String(ids.tap)])).toMatchObject({ id: ids.tap, letters: 'tap' });
  });

  it('refuses a row changed since unless --force, with exit code 1', async () => {
    const update = await h.cli(['word', 'update', String(ids.jazz), '--set', 'letters=jazzy', '--yes']);
    const [, id] = LINE.exec(update.stderr)!;
    await h.cli(['word', 'update', String(ids.jazz), '--set', 'letters=jazzier', '--yes']);
    const refused = await h.cli(['changes', 'undo', id!, '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `refused words ${ids.jazz}: Word ${ids.jazz} changed since: letters is now "jazzier", the change set left "jazzy"`,
    );
    const forced = await h.cli(['changes', 'undo', id!, '--yes', '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await json(['word', 'get', String(ids.jazz)])).toMatchObject({ letters: 'jazz' });
  });
});
