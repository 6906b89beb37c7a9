import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { cliJson, startCliHarness, type CliHarness } from './harness.ts';

/** Runs a command with --json and answers the parsed stdout (which must be JSON and nothing else). */
describe('argus-words <entity> list|get|create|update|delete', () => {
  let h: CliHarness;
  let database: DatabaseHandle;
  const json = (args: string[]) => cliJson(h, args);
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    h = await startCliHarness();
    await h.login();
    database = await openDatabase(h.app.config);
  });
  afterAll(async () => {
    await database?.close();
    await h?.stop();
  });

  it('creates with --set (typed by field kind) and --file; messages go to stderr with --json', async () => {
    const created = await h.cli(['--json', 'language', 'create', '--set', 'language=English']);
    expect(created.code).toBe(0);
    // The run's change set comes last (how to undo it), on stderr too.
    expect(created.stderr).toMatch(
      new RegExp(
        `^Language ${JSON.parse(created.stdout).id} created\\.\nChange set ([0-9a-f-]{36}): 1 changed — undo with: argus-words changes undo \\1\n$`,
      ),
    );
    ids.english = JSON.parse(created.stdout).id;
    expect(JSON.parse(created.stdout)).toEqual({ id: ids.english, language: 'English', isActive: true });

    ids.stage = (await json(['stage', 'create', '--set', 'letterCount=5', '--set', 'number=1'])).id;
    const file = path.join(h.configHome, 'group.json');
    writeFileSync(file, JSON.stringify({ letters: 'P, T, O, S', idLanguage: ids.english, stageId: 999 }));
    const group = await json(['letter-groups', 'create', '--file', file, '--set', `stageId=${ids.stage}`]);
    expect(group).toMatchObject({
      letters: 'ptos',
      languageId: ids.english,
      stageId: ids.stage,
      isActive: true,
    });
    ids.group = group.id;
    ids.word = (
      await json(['word', 'create', '--set', 'letters=Top', '--set', `languageId=${ids.english}`])
    ).id;
    const level = await json([
      'level',
      'create',
      '--set',
      `languageId=${ids.english}`,
      '--set',
      `stageId=${ids.stage}`,
      '--set',
      'hint=Warm up',
      '--set',
      'isChill=true',
      '--set',
      'hint=Start here',
    ]);
    expect(level).toMatchObject({ number: 1, hint: 'Start here', isChill: true, time: 60 });
    ids.level = level.id;
    ids.lgl = (
      await json([
        'letter-group-level',
        'create',
        '--set',
        `letterGroupId=${ids.group}`,
        '--set',
        `levelId=${ids.level}`,
      ])
    ).id;
    ids.lgw = (
      await json([
        'letter-group-word',
        'create',
        '--set',
        `letterGroupId=${ids.group}`,
        '--set',
        `wordId=${ids.word}`,
      ])
    ).id;

    const text = await h.cli([
      'word',
      'create',
      '--set',
      'letters=pots',
      '--set',
      `languageId=${ids.english}`,
    ]);
    expect(text.code).toBe(0);
    expect(text.stderr).toMatch(/^Word \d+ created\.\nChange set [\w-]+: 1 changed/);
    expect(text.stdout).toMatch(
      /^ID +\d+\nActive +true\nLetters +pots\nLanguage +1\nFlags +\nDecision +\nDecision reason +\n$/,
    );
  });

  it('lists as a table (or JSON), a page at a time, all pages, with typed filters', async () => {
    const table = await h.cli(['word', 'list']);
    expect(table.stdout).toMatch(/^ID {2}Is Active\? {2}Letters {2}Language ID {2}Flags\n-+ {2}-+/);
    expect(table.stdout).toContain('Page 1 of 1 (2 words)');
    const page = await json(['word', 'list', '--page', '2', '--size', '1']);
    expect(page).toMatchObject({
      page: 2,
      size: 1,
      totalPages: 2,
      totalElements: 2,
      items: [{ letters: 'pots' }],
    });
    const all = (await json(['words', 'list', '--all', '--size', '1'])) as unknown as Array<{
      letters: string;
    }>;
    expect(all.map((w) => w.letters)).toEqual(['top', 'pots']);
    const sorted = await json(['word', 'list', '--sort', 'letters']);
    expect((sorted.items as Array<{ letters: string }>).map((w) => w.letters)).toEqual(['pots', 'top']);
    const sortedAll = (await json(['word', 'list', '--all', '--sort', 'letters:desc'])) as unknown as Array<{
      letters: string;
    }>;
    expect(sortedAll.map((w) => w.letters)).toEqual(['top', 'pots']);
    const unsortable = await h.cli(['word', 'list', '--sort', 'nope']);
    expect(unsortable.code).toBe(1);
    expect(unsortable.stderr).toContain(
      'cannot sort Words by "nope"; sortable: id, isActive, letters, languageId',
    );
    const badSort = await h.cli(['word', 'list', '--sort', 'letters:up']);
    expect(badSort.stderr).toBe(
      'Error: --sort takes a field, then optionally :asc or :desc (not "letters:up")\n',
    );
    const filtered = await json(['word', 'list', '--filter', 'letters=O', '--filter', 'isActive=true']);
    expect(filtered.items).toHaveLength(2);
    const none = await json(['word', 'list', '--filter', 'isActive=false']);
    expect(none.items).toEqual([]);
    const levels = await json(['level', 'list', '--filter', 'hint=start']);
    expect(levels.items).toMatchObject([{ id: ids.level }]);

    const wrongFilter = await h.cli(['level', 'list', '--filter', 'number=1']);
    expect(wrongFilter).toMatchObject({
      code: 2,
      stderr: 'Error: Levels cannot be filtered by number: use hint\n',
    });
    const badBool = await h.cli(['word', 'list', '--filter', 'isActive=maybe']);
    expect(badBool.stderr).toBe('Error: isActive must be true or false, not "maybe"\n');
    const both = await h.cli(['word', 'list', '--all', '--page', '2']);
    expect(both.stderr).toBe('Error: Give --page or --all, not both.\n');
  });

  it('gets and updates; the API’s refusals are one line', async () => {
    expect(await json(['letter-group', 'get', String(ids.group)])).toMatchObject({
      id: ids.group,
      letters: 'ptos',
    });
    const updated = await json([
      'stage',
      'update',
      String(ids.stage),
      '--set',
      'letters=abc',
      '--set',
      'isActive=false',
    ]);
    expect(updated).toMatchObject({ letters: 'abc', isActive: false, letterCount: 5 });
    const lgl = await json(['letter-group-level', 'update', String(ids.lgl), '--set', 'used=yes']);
    expect(lgl.used).toBe(true);
    const lgw = await json(['letter-group-word', 'get', String(ids.lgw)]);
    expect(lgw).toEqual({ id: ids.lgw, letterGroupId: ids.group, wordId: ids.word });

    const missing = await h.cli(['word', 'get', '9999']);
    expect(missing).toMatchObject({ code: 1, stderr: 'Error: Word 9999 not found\n' });
    const invalid = await h.cli([
      'word',
      'create',
      '--set',
      'letters=two words',
      '--set',
      `languageId=${ids.english}`,
    ]);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(/^Error: Invalid word: letters .*space.*\n$/);
    const unknown = await h.cli(['word', 'update', String(ids.word), '--set', 'colour=red']);
    expect(unknown.stderr).toBe(
      'Error: colour is not a writable field of word: use isActive, letters, languageId\n',
    );
    const typed = await h.cli(['level', 'update', String(ids.level), '--set', 'time=soon']);
    expect(typed.stderr).toBe('Error: time must be a whole number, not "soon"\n');
    const nothing = await h.cli(['word', 'update', String(ids.word)]);
    expect(nothing.stderr).toBe('Error: Nothing to write: give --set key=value or --file.\n');
    const notAllowed = await h.cli(['user', 'create', '--set', 'username=x']);
    expect(notAllowed.code).not.toBe(0);
    expect(notAllowed.stderr).toContain("unknown command 'create'");
  });

  it('users and user levels: list, get, update, delete', async () => {
    const now = new Date().toISOString();
    const player = await database.db
      .insertInto('users')
      .values({ username: 'player1', email: 'p@example.org', createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const userLevel = await database.db
      .insertInto('userLevels')
      .values({ userId: player.id, levelId: ids.level! })
      .returning('id')
      .executeTakeFirstOrThrow();
    const users = await json(['user', 'list', '--filter', 'username=player']);
    expect(users.items).toMatchObject([{ id: player.id, username: 'player1', role: 'common' }]);
    expect(await json(['user', 'update', String(player.id), '--set', 'coins=5'])).toMatchObject({ coins: 5 });
    expect(
      await json(['user-level', 'update', String(userLevel.id), '--set', 'wordsPerSecond=1.5']),
    ).toMatchObject({
      wordsPerSecond: 1.5,
    });
    expect(await json(['user-levels', 'list', '--filter', 'completed=false'])).toMatchObject({
      totalElements: 1,
    });
    expect(await json(['user-level', 'delete', String(userLevel.id), '--yes'])).toEqual({
      deleted: userLevel.id,
      changeSet: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    await json(['user', 'delete', String(player.id), '--yes']);
    expect((await json(['user', 'get', String(player.id)])).deletedAt).toEqual(expect.any(String));
  });

  it('delete asks first on a terminal, refuses without one, skips the question with --yes', async () => {
    const refused = await h.cli(['letter-group-word', 'delete', String(ids.lgw)]);
    expect(refused).toMatchObject({
      code: 2,
      stderr: `Error: Refusing to delete letter group-word ${ids.lgw} without confirmation: add --yes.\n`,
    });
    const questions: string[] = [];
    const declined = await h.cli(['letter-group-word', 'delete', String(ids.lgw)], {
      answers: (message) => (questions.push(message), false),
    });
    expect(declined).toMatchObject({ code: 0, stdout: '', stderr: 'Nothing deleted.\n' });
    expect(questions).toEqual([`Delete letter group-word ${ids.lgw}?`]);
    const confirmed = await h.cli(['letter-group-word', 'delete', String(ids.lgw)], { answers: () => true });
    expect(confirmed).toMatchObject({
      code: 0,
      stdout: '',
      stderr: expect.stringMatching(new RegExp(`^Letter Group-Word ${ids.lgw} deleted\\.\nChange set `)),
    });
    expect((await h.cli(['letter-group-word', 'get', String(ids.lgw)])).code).toBe(1);

    for (const [entity, id] of [
      ['letter-group-level', ids.lgl],
      ['level', ids.level],
      ['letter-group', ids.group],
    ] as const) {
      expect((await h.cli([entity, 'delete', String(id), '--yes'])).code).toBe(0);
    }
    const inUse = await h.cli(['language', 'delete', String(ids.english), '--yes']);
    expect(inUse.code).toBe(1);
    expect(inUse.stderr).toMatch(
      /^Error: Language \d+ is still used by 2 words; delete or change those first\n$/,
    );
    const audit = await json(['audit', '--entity', 'letter-group', '--id', String(ids.group)]);
    expect((audit.items as Array<{ action: string }>).map((e) => e.action)).toEqual(['delete', 'create']);
  });

  it('get shows the version; update and delete with --if-match change only that version', async () => {
    const created = await json(['language', 'create', '--set', 'language=Versioned']);
    const read = await h.cli(['language', 'get', String(created.id)]);
    expect(read.code).toBe(0);
    const version = /^Version ("[0-9a-f]{32}")$/m.exec(read.stderr)?.[1];
    expect(version, read.stderr).toBeDefined();

    const first = await h.cli([
      'language',
      'update',
      String(created.id),
      '--set',
      'language=Versioned A',
      '--if-match',
      version!,
    ]);
    expect(first.code, first.stderr).toBe(0);
    // Someone else's read is now stale: refused, and nothing changes.
    const stale = await h.cli([
      'language',
      'update',
      String(created.id),
      '--set',
      'language=Versioned B',
      '--if-match',
      version!,
    ]);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toMatch(
      new RegExp(
        `^Error: Language ${created.id} has changed since you read it \\(last changed by admin at .*\\): read it again and reapply your change\\n$`,
      ),
    );
    expect((await json(['language', 'get', String(created.id)])).language).toBe('Versioned A');
    const staleDelete = await h.cli([
      'language',
      'delete',
      String(created.id),
      '--yes',
      '--if-match',
      version!,
    ]);
    expect(staleDelete.code).toBe(1);
    const many = await h.cli([
      'language',
      'update',
      '1',
      '2',
      '--set',
      'isActive=true',
      '--if-match',
      version!,
    ]);
    expect(many).toMatchObject({ code: 1, stderr: 'Error: --if-match applies to one id only.\n' });

    const current = /^Version ("[0-9a-f]{32}")$/m.exec(
      (await h.cli(['language', 'get', String(created.id)])).stderr,
    )?.[1];
    const removed = await h.cli(['language', 'delete', String(created.id), '--yes', '--if-match', current!]);
    expect(removed.code, removed.stderr).toBe(0);
  });
});
