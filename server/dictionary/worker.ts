import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import nspell from 'nspell';
import { parseWord } from '#shared/words.ts';
import { flagsCode } from './flag-codes.ts';
import { judgeWord, type Judge } from './judge.ts';

/**
 * The dictionary thread (checker.ts starts it on first use): building a Hunspell dictionary takes
 * seconds (English) to minutes (French), and judging a big import's words is steady CPU work, so
 * neither runs on the server's event loop. It holds each loaded dictionary for the process's life,
 * and remembers recent answers (an import's preview and its apply judge the same words).
 */

export interface LoadMessage {
  id: number;
  kind: 'load';
  key: string;
  aff: string;
  dic: string;
  offensive: string[];
  nounsCapitalised: boolean;
}

export interface CheckMessage {
  id: number;
  kind: 'check';
  key: string;
  words: string[];
}

/**
 * Words a write will ask about soon, as the request wrote them: the thread normalises each as the
 * write will (shared/words.ts) and judges it in the background, answers remembered, no reply.
 */
export interface PrefetchMessage {
  kind: 'prefetch';
  key: string;
  words: string[];
}

export type WorkerReply =
  { id: number; ok: true; codes?: Uint8Array; ms?: number } | { id: number; ok: false; error: string };

/** Answers remembered per dictionary; forgotten all at once past this (a few tens of MB). */
const REMEMBERED = 600_000;

const judges = new Map<string, { judge: Judge; answers: Map<string, number> }>();
const port = parentPort!;

async function load(message: LoadMessage): Promise<number> {
  const started = performance.now();
  const [aff, dic] = await Promise.all([readFile(message.aff), readFile(message.dic)]);
  const speller = nspell(aff, dic);
  judges.set(message.key, {
    judge: { speller, offensive: new Set(message.offensive), nounsCapitalised: message.nounsCapitalised },
    answers: new Map(),
  });
  return performance.now() - started;
}

function check({ key, words }: Pick<CheckMessage, 'key' | 'words'>): Uint8Array {
  const loaded = judges.get(key);
  if (!loaded) throw new Error(`dictionary ${key} is not loaded`);
  if (loaded.answers.size > REMEMBERED) loaded.answers.clear();
  const codes = new Uint8Array(words.length);
  words.forEach((word, i) => {
    let code = loaded.answers.get(word);
    if (code === undefined) {
      code = flagsCode(judgeWord(loaded.judge, word));
      loaded.answers.set(word, code);
    }
    codes[i] = code;
  });
  return codes;
}

/**
 * Prefetched words wait here and are judged a hundred at a time, so a check that arrives
 * meanwhile (a write waiting for its slice's flags) is answered at once, not after a whole bulk
 * request's words: messages are handled in order, and one big prefetch held the write up.
 */
const PREFETCH_STEP = 100;
const prefetched: Array<{ key: string; words: string[]; at: number }> = [];
let prefetching = false;

function prefetchStep(): void {
  const next = prefetched[0];
  if (!next) {
    prefetching = false;
    return;
  }
  const words = next.words.slice(next.at, next.at + PREFETCH_STEP);
  next.at += words.length;
  if (next.at >= next.words.length) prefetched.shift();
  const loaded = judges.get(next.key);
  if (loaded)
    check({
      key: next.key,
      // A word answered already as written is skipped unparsed: words come as stored (an import's
      // apply, a file imported again), and a stored word parses to itself.
      words: words.flatMap((word) => {
        if (loaded.answers.has(word)) return [];
        const parsed = parseWord(word);
        return parsed.ok ? [parsed.word] : [];
      }),
    });
  setImmediate(prefetchStep);
}

port.on('message', (message: LoadMessage | CheckMessage | PrefetchMessage) => {
  if (message.kind === 'prefetch') {
    prefetched.push({ key: message.key, words: message.words, at: 0 });
    if (!prefetching) setImmediate(prefetchStep);
    prefetching = true;
    return;
  }
  void (async () => {
    try {
      if (message.kind === 'load') port.postMessage({ id: message.id, ok: true, ms: await load(message) });
      else {
        const codes = check(message);
        port.postMessage({ id: message.id, ok: true, codes }, [codes.buffer as ArrayBuffer]);
      }
    } catch (error) {
      port.postMessage({ id: message.id, ok: false, error: (error as Error).message });
    }
  })();
});
