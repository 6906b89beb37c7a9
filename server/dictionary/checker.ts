import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { DictionaryInfo } from '#shared/dictionary.ts';
import { FLAGS_BY_CODE } from './flag-codes.ts';
import type { Logger } from '../logger.ts';
import { offensiveWordsOf } from './judge.ts';
import { BUNDLED_DICTIONARIES, languageKey, NOUNS_CAPITALISED, type DictionarySetting } from './settings.ts';
import type { CheckMessage, LoadMessage, PrefetchMessage, WorkerReply } from './worker.ts';

// Bundled (build/server/index.js): the worker's bundle beside it. From source (tests, dev): under tsx.
const BUNDLED = import.meta.url.endsWith('.js');
const SCRIPT = new URL(BUNDLED ? './dictionary-worker.js' : './worker-source.mjs', import.meta.url);
const resolver = createRequire(import.meta.url);

/** Bumped whenever judging changes, so every stored word is judged again (recheck.ts). */
const JUDGE_VERSION = 1;

/** A language's dictionary, ready to load: where its files are and what identifies its verdicts. */
export interface Dictionary {
  key: string;
  info: DictionaryInfo;
  /** Changes whenever a verdict could: the files, the offensive words, the judging code. */
  fingerprint: string;
  aff: string;
  dic: string;
  offensive: string[];
}

export type Dictionaries = ReturnType<typeof createDictionaries>;

/** The bundled offensive list of a language code (npm `naughty-words`, CC-BY-4.0), if it has one. */
function bundledOffensive(code: string | null): string[] {
  if (!code || !/^[a-z]{2,3}$/.test(code)) return [];
  try {
    return offensiveWordsOf(resolver(`naughty-words/${code}.json`) as string[]);
  } catch {
    return [];
  }
}

/** The operator's list for a language: `<name>.txt` or `<code>.txt` in OFFENSIVE_WORDS_DIR. */
async function ownOffensive(dir: string | null, names: string[]): Promise<string[]> {
  if (!dir) return [];
  const words: string[] = [];
  for (const name of new Set(names)) {
    try {
      words.push(...offensiveWordsOf((await readFile(path.join(dir, `${name}.txt`), 'utf8')).split('\n')));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return words;
}

async function prepare(setting: DictionarySetting, offensiveDir: string | null): Promise<Dictionary> {
  const { source } = setting;
  let aff: string;
  let dic: string;
  let described: string;
  const code = source.code;
  if (source.kind === 'package') {
    const bundled = BUNDLED_DICTIONARIES[source.code];
    const dir = path.dirname(resolver.resolve(bundled.package));
    const version = (
      JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as { version: string }
    ).version;
    [aff, dic] = [path.join(dir, 'index.aff'), path.join(dir, 'index.dic')];
    described = `${bundled.package} ${version} (${bundled.licence})`;
  } else {
    ({ aff, dic } = source);
    described = dic;
  }
  const offensive = [
    ...new Set([
      ...bundledOffensive(code),
      ...(await ownOffensive(offensiveDir, [setting.language, ...(code ? [code] : [])])),
    ]),
  ].sort();
  const nounsCapitalised = code !== null && NOUNS_CAPITALISED.has(code);
  const hash = createHash('sha256').update(`judge ${JUDGE_VERSION} nouns ${nounsCapitalised}\n`);
  hash
    .update(await readFile(aff))
    .update('\n')
    .update(await readFile(dic))
    .update('\n');
  hash.update(offensive.join('\n'));
  return {
    key: setting.language,
    info: { source: described, code, offensiveWords: offensive.length, nounsCapitalised },
    fingerprint: hash.digest('hex').slice(0, 32),
    aff,
    dic,
    offensive,
  };
}

/**
 * The dictionaries of one server process: each language's prepared on first use (its files found
 * and fingerprinted), loaded once into the dictionary thread (worker.ts), which starts on first
 * use too. A language the settings do not name has none: its words are never judged.
 */
export function createDictionaries(
  settings: readonly DictionarySetting[],
  offensiveDir: string | null,
  logger: Logger,
) {
  const byLanguage = new Map(settings.map((s) => [s.language, s]));
  const prepared = new Map<string, Promise<Dictionary>>();
  const loaded = new Map<string, Promise<void>>();
  const pending = new Map<number, { resolve(reply: WorkerReply): void; reject(error: Error): void }>();
  let worker: Worker | null = null;
  let nextId = 1;

  function thread(): Worker {
    if (worker) return worker;
    const started = new Worker(SCRIPT);
    started.unref();
    started.on('message', (reply: WorkerReply) => {
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      waiting?.resolve(reply);
    });
    const fail = (error: Error) => {
      if (worker !== started) return;
      worker = null;
      loaded.clear();
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    started.on('error', (error) => {
      logger.error({ err: error }, 'dictionary thread failed');
      fail(error);
    });
    started.on('exit', (code) => fail(new Error(`The dictionary thread stopped (exit code ${code})`)));
    return (worker = started);
  }

  async function ask(message: Omit<LoadMessage, 'id'> | Omit<CheckMessage, 'id'>) {
    const id = nextId++;
    const reply = await new Promise<WorkerReply>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      thread().postMessage({ ...message, id });
    });
    if (!reply.ok) throw new Error(`Dictionary: ${reply.error}`);
    return reply;
  }

  /** The language's dictionary (by the language's name), or null when it has none. */
  function of(languageName: string): Promise<Dictionary> | null {
    const setting = byLanguage.get(languageKey(languageName));
    if (!setting) return null;
    let dictionary = prepared.get(setting.language);
    if (!dictionary) {
      dictionary = prepare(setting, offensiveDir);
      prepared.set(setting.language, dictionary);
      dictionary.catch(() => prepared.delete(setting.language));
    }
    return dictionary;
  }

  async function ensureLoaded(dictionary: Dictionary): Promise<void> {
    let loading = loaded.get(dictionary.key);
    if (!loading) {
      const { key, aff, dic, offensive } = dictionary;
      const nounsCapitalised = dictionary.info.nounsCapitalised;
      loading = ask({ kind: 'load', key, aff, dic, offensive, nounsCapitalised }).then((reply) => {
        const ms = 'ms' in reply ? Math.round(reply.ms ?? 0) : 0;
        logger.info({ language: key, source: dictionary.info.source, ms }, 'dictionary loaded');
      });
      loaded.set(key, loading);
      loading.catch(() => loaded.delete(key));
    }
    await loading;
  }

  return {
    /** Whether any language has a dictionary. */
    configured: settings.length > 0,
    of,
    /** Loads the dictionary into the thread (once; later calls wait for that load). */
    ready: ensureLoaded,
    /** Flags (as stored) of each stored-form word, by the language's dictionary. */
    async flags(dictionary: Dictionary, words: readonly string[]): Promise<string[]> {
      if (words.length === 0) return [];
      await ensureLoaded(dictionary);
      const reply = await ask({ kind: 'check', key: dictionary.key, words: [...words] });
      return 'codes' in reply && reply.codes ? Array.from(reply.codes, (code) => FLAGS_BY_CODE[code]!) : [];
    },
    /** Starts judging words a write will ask about soon (no answer; a failure is the write's to report). */
    async prefetch(dictionary: Dictionary, words: readonly string[]): Promise<void> {
      if (words.length === 0) return;
      await ensureLoaded(dictionary);
      const message: PrefetchMessage = { kind: 'prefetch', key: dictionary.key, words: [...words] };
      thread().postMessage(message);
    },
    async close(): Promise<void> {
      const running = worker;
      worker = null;
      if (running) await running.terminate();
    },
  };
}
