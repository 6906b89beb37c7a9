import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliJson, startCliHarness, type CliHarness } from './harness.ts';

/** `argus-words audit revert ID`, `trash list` and `trash restore ID` (issue 13). */
describe('argus-words audit revert and trash', () => {
  let h: CliHarness;
  let english: number;
  const json = <T = Record<string, unknown> & { id: number }>(args: string[]) => cliJson<T>(h, args);
  const lastEntry = async (entity: string, id: number) =>
    (
      await json<{ items: Array<{ id: number; action: string }> }>([
        'audit',
        '--entity',
        entity,
        '--id',
        String(id),
        '--size',
        '1',
      ])
    ).items[0]!;

  beforeAll(async () => {
    h = await startCliHarness();
    await h.login();
    english = (await json(['language', 'create', '--set', 'language=English'])).id;
  });
  afterAll(async () => h?.stop());

  it('reverts one audit entry, and refuses with the reason once the row changed since', async () => {
    const id = (await json(['word', 'create', '--set', 'letters=cherry', '--set', `languageId=${english}`]))
      .id;
    await json(['word', 'update', String(id), '--set', 'letters=cheery']);
    const entry = await lastEntry('words', id);
    expect(entry.action).toBe('update');

    const done = await h.cli(['audit', 'revert', String(entry.id)]);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toBe(
      `words ${id} restored (entry ${entry.id} reverted): letters "cheery" → "cherry"\n`,
    );
    expect((await json(['word', 'get', String(id)])).letters).toBe('cherry');

    await json(['word', 'update', String(id), '--set', 'letters=cherries']);
    const refused = await h.cli(['audit', 'revert', String(entry.id)]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(
      `Cannot revert entry ${entry.id}: Word ${id} changed since: letters is now "cherries", the entry left "cheery"`,
    );
    expect((await h.cli(['audit', 'revert', 'abc'])).code).not.toBe(0);
  });

  it('lists a deleted word in the trash and restores it with the same id', async () => {
    const id = (await json(['word', 'create', '--set', 'letters=kiwi', '--set', `languageId=${english}`])).id;
    const del = await h.cli(['word', 'delete', String(id), '--yes']);
    expect(del.code, del.stderr).toBe(0);

    const list = await h.cli(['trash', 'list', '--entity', 'word']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`\\bwords\\s+${id}\\s+.*letters="kiwi"`));
    const page = await json<{ items: Array<{ id: number; entityId: number; entity: string }> }>([
      'trash',
      'list',
    ]);
    const entry = page.items.find((t) => t.entityId === id && t.entity === 'words')!;
    expect(entry).toBeDefined();

    const restored = await h.cli(['trash', 'restore', String(entry.id)]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toBe(`Restored words ${id} from trash entry ${entry.id}\n`);
    expect((await json(['word', 'get', String(id)])).letters).toBe('kiwi');

    const again = await h.cli(['trash', 'restore', String(entry.id)]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('restored already, or forgotten 30 days after the delete');
  });
});
