import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { cliJson, startCliHarness, type CliHarness } from './harness.ts';

/** `argus-words accounts …`, `tokens …` and a script's run with ARGUS_TOKEN (issue 33). */
describe.each(DIALECTS)('argus-words accounts and tokens (%s)', (dialect) => {
  let h: CliHarness;
  const ids: Record<string, number> = {};
  const json = <T = Record<string, unknown> & { id: number }>(args: string[]) => cliJson<T>(h, args);

  beforeAll(async () => {
    h = await startCliHarness(dialect);
    await h.login();
    ids.french = (await json(['language', 'create', '--set', 'language=French'])).id;
    ids.german = (await json(['language', 'create', '--set', 'language=German'])).id;
    for (const [letters, language] of [
      ['chat', ids.french],
      ['chien', ids.french],
      ['hund', ids.german],
    ] as const)
      ids[letters] = (
        await json(['word', 'create', '--set', `letters=${letters}`, '--set', `languageId=${language}`])
      ).id;
  });
  afterAll(async () => h?.stop());

  it('runs a bulk edit with a token from ARGUS_TOKEN, found in history under its name', async () => {
    const created = await h.cli([
      'tokens',
      'create',
      '--name',
      'nightly',
      '--permissions',
      'editor',
      '--languages',
      'French',
      '--expires',
      '30d',
    ]);
    expect(created.code, created.stderr).toBe(0);
    // The token alone on stdout: `export ARGUS_TOKEN=$(…)` works.
    expect(created.stdout).toMatch(/^argus_[A-Za-z0-9_-]{43}\n$/);
    const env = { ARGUS_TOKEN: created.stdout.trim(), XDG_CONFIG_HOME: '/nonexistent' };

    const me = await h.cli(['whoami'], { env });
    expect(me).toMatchObject({
      code: 0,
      stdout: `token "nightly" of admin at ${h.api}: editor of French (expires ${new Date(h.clock.now + 30 * 86_400_000).toISOString()})\n`,
    });

    const edit = await h.cli(
      ['word', 'update', '--where', `languageId=${ids.french}`, '--set', 'isActive=false', '--yes'],
      { env },
    );
    expect(edit.code, edit.stderr).toBe(0);
    const audit = await json<{ items: Array<{ username: string; action: string }> }>([
      'audit',
      '--entity',
      'word',
      '--id',
      String(ids.chat),
      '--size',
      '1',
    ]);
    expect(audit.items[0]).toMatchObject({ username: 'admin · token nightly', action: 'update' });

    // Beyond its reach: the 403's message, exit 1, nothing written.
    const german = await h.cli(['word', 'update', String(ids.hund), '--set', 'isActive=false', '--yes'], {
      env,
    });
    expect(german.code).toBe(1);
    expect(german.stderr).toMatch(/^Error: Your token may edit French words only; nothing was changed\./m);
    const created2 = await h.cli(
      ['tokens', 'create', '--name', 'x', '--permissions', 'viewer', '--expires', '1d'],
      { env },
    );
    expect(created2.code).toBe(1);
    expect(created2.stderr).toBe(
      'Error: A token cannot manage accounts or tokens: sign in as an administrator\n',
    );

    const revoked = await h.cli(['tokens', 'revoke', 'nightly']);
    expect(revoked.code, revoked.stderr).toBe(0);
    const after = await h.cli(['word', 'list'], { env });
    expect(after.code).toBe(1);
    expect(after.stderr).toMatch(/the API token was refused: it expired, was revoked or is wrong/);
  });

  it('invites an account, prints its link, and changes it', async () => {
    const invited = await h.cli([
      'accounts',
      'invite',
      'marie',
      '--permissions',
      'editor',
      '--languages',
      'French,German',
    ]);
    expect(invited.code, invited.stderr).toBe(0);
    expect(invited.stdout).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/argusma-words-panel\/enrol\?token=[A-Za-z0-9_-]+\n$/,
    );
    const updated = await h.cli(['accounts', 'update', 'marie', '--languages', 'German']);
    expect(updated.stdout).toBe('marie: editor, languages German, active\n');
    const list = await h.cli(['accounts', 'list']);
    expect(list.stdout).toMatch(/marie\s+editor\s+German\s+invited\s+never/);
    const bad = await h.cli([
      'accounts',
      'invite',
      'paul',
      '--permissions',
      'editor',
      '--languages',
      'Klingon',
    ]);
    expect(bad).toMatchObject({
      code: 1,
      stderr: 'Error: No language is called "Klingon": see `argus-words language list`\n',
    });
    const last = await h.cli(['accounts', 'deactivate', 'admin']);
    expect(last).toMatchObject({
      code: 1,
      stderr: 'Error: admin is the last active administrator: make another account an administrator first\n',
    });
  });
});
