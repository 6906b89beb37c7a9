import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCliHarness, type CliHarness } from './harness.ts';
import { startNoBulkProxy } from './no-bulk-proxy.ts';

/** Hand-checked: which of these a player can build from S-T-O-P, each letter once. */
const DICTIONARY = [
  'top',
  'pot',
  'opt',
  'stop',
  'pots',
  'tops',
  'spot',
  'post',
  'so',
  'to',
  'toss',
  'oops',
  'tot',
  'at',
];
const FROM_STOP = ['opt', 'post', 'pot', 'pots', 'so', 'spot', 'stop', 'to', 'top', 'tops'];
/** …and with letters reusable: toss, oops and tot too (never "at": there is no A). */
const FROM_STOP_REUSED = [...FROM_STOP, 'oops', 'toss', 'tot'].sort();

describe('argus-words links build and levels import', () => {
  let h: CliHarness;
  let language: number;
  let stage: number;
  const group: Record<string, number> = {};
  const wordId: Record<string, number> = {};

  const json = async (args: string[], api = h.api) => {
    const result = await h.cli(['--api', api, '--json', ...args]);
    expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
    return JSON.parse(result.stdout);
  };
  const linkedWords = async (groupId: number) => {
    const links = (await json([
      'letter-group-word',
      'list',
      '--all',
      '--filter',
      `letterGroupId=${groupId}`,
    ])) as Array<{
      wordId: number;
    }>;
    const names = new Map(Object.entries(wordId).map(([letters, id]) => [id, letters]));
    return links.map((link) => names.get(link.wordId)).sort();
  };

  beforeAll(async () => {
    h = await startCliHarness();
    await h.login();
    language = (await json(['language', 'create', '--set', 'language=English'])).id;
    stage = (await json(['stage', 'create', '--set', 'letterCount=4', '--set', 'number=1'])).id;
    const dictionary = path.join(h.configHome, 'dictionary.txt');
    writeFileSync(dictionary, DICTIONARY.join('\n'));
    await json(['words', 'import', dictionary, '--language', String(language)]);
    for (const w of (await json(['word', 'list', '--all'])) as Array<{ id: number; letters: string }>) {
      wordId[w.letters] = w.id;
    }
    for (const letters of ['S T O P', 'AT', 'XYZ']) {
      const created = await json([
        'letter-group',
        'create',
        '--set',
        `letters=${letters}`,
        '--set',
        `languageId=${language}`,
        '--set',
        `stageId=${stage}`,
      ]);
      group[letters.replace(/ /g, '')] = created.id;
    }
  });
  afterAll(async () => h?.stop());

  it('links build: dry run, then exactly the buildable words, then nothing on a re-run', async () => {
    const dry = await json(['links', 'build', '--language', String(language), '--dry-run']);
    expect(dry.counts).toEqual({ created: 11, updated: 0, unchanged: 0, rejected: 0, pruned: 0 });
    expect(dry.groups).toEqual([
      { letterGroupId: group.STOP, letters: 'stop', buildable: 10, create: 10, prune: 0, outdated: 0 },
      { letterGroupId: group.AT, letters: 'at', buildable: 1, create: 1, prune: 0, outdated: 0 },
      { letterGroupId: group.XYZ, letters: 'xyz', buildable: 0, create: 0, prune: 0, outdated: 0 },
    ]);
    expect(await linkedWords(group.STOP!)).toEqual([]);

    const real = await h.cli(['links', 'build', '--language', String(language)]);
    expect(real.code, real.stderr).toBe(0);
    expect(real.stderr).toContain('letter group ' + group.STOP + ' "stop": 10 buildable, create 10\n');
    expect(real.stderr).toContain('3 letter groups: create 11 links, prune 0, rejected 0.\n');
    expect(await linkedWords(group.STOP!)).toEqual(FROM_STOP);
    expect(await linkedWords(group.AT!)).toEqual(['at']);

    const again = await json(['links', 'build', '--language', String(language)]);
    expect(again.counts.created).toBe(0);
  });

  it('--prune removes links to inactive and unbuildable words; --reuse-letters and --letter-group', async () => {
    await json(['word', 'update', String(wordId.spot), '--set', 'isActive=false']);
    await json([
      'letter-group-word',
      'create',
      '--set',
      `letterGroupId=${group.STOP}`,
      '--set',
      `wordId=${wordId.toss}`,
    ]);
    const kept = await json(['links', 'build', '--language', String(language)]);
    expect(kept.groups[0]).toMatchObject({ create: 0, prune: 0, outdated: 2 });

    const dry = await json(['links', 'build', '--language', String(language), '--prune', '--dry-run']);
    expect(dry.counts.pruned).toBe(2);
    expect(await linkedWords(group.STOP!)).toContain('toss');
    await json(['links', 'build', '--language', String(language), '--prune']);
    expect(await linkedWords(group.STOP!)).toEqual(FROM_STOP.filter((w) => w !== 'spot'));

    const reused = await json([
      'links',
      'build',
      '--language',
      String(language),
      '--letter-group',
      String(group.STOP),
      '--reuse-letters',
    ]);
    expect(reused.groups).toHaveLength(1);
    expect(reused.counts.created).toBe(3);
    expect(await linkedWords(group.STOP!)).toEqual(FROM_STOP_REUSED.filter((w) => w !== 'spot'));

    const unknown = await h.cli(['links', 'build', '--language', String(language), '--letter-group', '999']);
    expect(unknown).toMatchObject({
      code: 1,
      stderr: `Error: Letter group 999 not found in language ${language}.\n`,
    });
  });

  it('links build falls back to one call per link without bulk endpoints', async () => {
    const proxy = await startNoBulkProxy(h.app.url, '/arguscreative/words');
    try {
      await h.login(proxy.api);
      await json(['word', 'update', String(wordId.spot), '--set', 'isActive=true']);
      const result = await json(
        ['links', 'build', '--language', String(language), '--letter-group', String(group.STOP)],
        proxy.api,
      );
      expect(result.counts.created).toBe(1);
      expect(
        proxy.forwarded.filter((r) => r === 'POST /arguscreative/words/letter-group-words/cms'),
      ).toHaveLength(1);
      expect(await linkedWords(group.STOP!)).toContain('spot');
    } finally {
      await proxy.close();
    }
  });

  it('levels import: composes check conditions, upserts on (language, stage, number), links letter groups', async () => {
    const csv = path.join(h.configHome, 'levels.csv');
    writeFileSync(
      csv,
      [
        'stage,language,number,hint,time,numberOfWords,requiredLetter,endIsStart,numberOfLetters,lettersAtLeast,letterGroups',
        `${stage},${language},1,Warm up,90,5,,,3,true,${group.STOP}`,
        `${stage},${language},2,,,10,,,,,${group.STOP};${group.AT}`,
        `${stage},${language},3,Chain,,3,last,true,,,${group.STOP}`,
        `${stage},${language},4,Bad link,,,,,,,999`,
        `${stage},${language},,No number,,,,,,,`,
        `${stage},${language},5,Sideways,,,middle,,,,`,
      ].join('\n'),
    );
    const dry = await json(['levels', 'import', csv, '--dry-run']);
    expect(dry).toEqual({
      dryRun: true,
      counts: { created: 4, updated: 0, unchanged: 0, rejected: 2 },
      links: { created: 5, updated: 0, unchanged: 0, rejected: 0 },
      rejected: [
        { line: 6, reason: 'number is required' },
        { line: 7, reason: 'requiredLetter must be first or last, not "middle"' },
      ],
    });
    expect((await json(['level', 'list'])).totalElements).toBe(0);

    const real = await json(['levels', 'import', csv]);
    expect(real.counts).toEqual(dry.counts);
    expect(real.links).toEqual({ created: 4, updated: 0, unchanged: 0, rejected: 1 });
    expect(real.rejected[0]).toEqual({
      line: 5,
      reason: expect.stringMatching(/^letter group 999: .*does not exist/),
    });
    const levels = (await json(['level', 'list', '--all'])) as Array<Record<string, unknown>>;
    expect(
      levels.map((l) => [l.number, l.checkCondition, l.requiredLetterFlag, l.requiredLetter, l.hint, l.time]),
    ).toEqual([
      [1, 'words::5::letters::3+', false, '', 'Warm up', 90],
      [2, 'words::10', false, '', null, 60],
      [3, 'words::3::endIsStart', true, 'last', 'Chain', 60],
      [4, '', false, '', 'Bad link', 60],
    ]);
    const links = (await json(['letter-group-level', 'list', '--all'])) as Array<{
      levelId: number;
      letterGroupId: number;
    }>;
    expect(links.map((l) => [l.levelId, l.letterGroupId])).toEqual([
      [levels[0]!.id, group.STOP],
      [levels[1]!.id, group.STOP],
      [levels[1]!.id, group.AT],
      [levels[2]!.id, group.STOP],
    ]);

    const again = await json(['levels', 'import', csv]);
    expect(again.counts).toEqual({ created: 0, updated: 0, unchanged: 4, rejected: 2 });
    expect(again.links).toEqual({ created: 0, updated: 0, unchanged: 4, rejected: 1 });

    const asJson = path.join(h.configHome, 'levels.json');
    writeFileSync(
      asJson,
      JSON.stringify([
        { stageId: stage, languageId: language, number: 2, hint: 'Ten words', numberOfWords: 10 },
      ]),
    );
    const updated = await json(['levels', 'import', asJson]);
    expect(updated.counts).toEqual({ created: 0, updated: 1, unchanged: 0, rejected: 0 });
  });
});
