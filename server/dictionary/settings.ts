import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The `DICTIONARIES` setting: which reference dictionary judges each language's words (issue 46).
 * `NAME=SOURCE` entries separated by commas: NAME is a language's name as stored (any case),
 * SOURCE a bundled package's code (`en`, `es`, `fr`, `de`: the npm `dictionary-*` packages) or an
 * absolute folder holding one Hunspell `.dic`/`.aff` pair (`de_AT.dic` + `de_AT.aff`). A language
 * not named has no dictionary: its words are never judged.
 */

/** The bundled Hunspell dictionaries (npm `dictionary-*`), each with its licence as published. */
export const BUNDLED_DICTIONARIES = {
  en: { package: 'dictionary-en', licence: 'MIT AND BSD' },
  es: { package: 'dictionary-es', licence: 'GPL-3.0 OR LGPL-3.0 OR MPL-1.1' },
  fr: { package: 'dictionary-fr', licence: 'MPL-2.0' },
  de: { package: 'dictionary-de', licence: 'GPL-2.0 OR GPL-3.0' },
} as const;

export type BundledCode = keyof typeof BUNDLED_DICTIONARIES;

export type DictionarySource =
  | { kind: 'package'; code: BundledCode }
  /** A folder's pair; `code` from the files' name (`de_AT` → `de`), for the bundled offensive list. */
  | { kind: 'folder'; dic: string; aff: string; code: string | null };

export interface DictionarySetting {
  /** The language's name, lower case, trimmed. */
  language: string;
  source: DictionarySource;
}

/** Languages whose every noun is written capitalised: "known only capitalised" says nothing there. */
export const NOUNS_CAPITALISED = new Set(['de', 'lb']);

/** The language name a setting matches (names are compared this way). */
export const languageKey = (name: string) => name.trim().normalize('NFC').toLowerCase();

/** A folder's single `.dic`/`.aff` pair, or a message saying what is wrong. */
function folderPair(dir: string): { dic: string; aff: string; code: string | null } | string {
  if (!path.isAbsolute(dir))
    return `${dir} must be an absolute folder or one of ${Object.keys(BUNDLED_DICTIONARIES).join(', ')}`;
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return `${dir} is not a folder`;
  const files = readdirSync(dir);
  const bases = files.filter((f) => f.endsWith('.dic')).map((f) => f.slice(0, -4));
  const pairs = bases.filter((base) => files.includes(`${base}.aff`));
  if (pairs.length !== 1)
    return `${dir} must hold exactly one .dic/.aff pair of the same name (it holds ${pairs.length})`;
  const base = pairs[0]!;
  const code = /^([a-z]{2,3})(?:[_-]|$)/i.exec(base)?.[1]?.toLowerCase() ?? null;
  return { dic: path.join(dir, `${base}.dic`), aff: path.join(dir, `${base}.aff`), code };
}

/** Parses the setting; throws an Error whose message says which entry is wrong and why. */
export function parseDictionaries(raw: string | undefined): DictionarySetting[] {
  if (!raw || raw.trim() === '') return [];
  const settings: DictionarySetting[] = [];
  for (const entry of raw.split(',')) {
    if (entry.trim() === '') continue;
    const at = entry.indexOf('=');
    const language = languageKey(at < 0 ? '' : entry.slice(0, at));
    const source = at < 0 ? '' : entry.slice(at + 1).trim();
    if (language === '' || source === '')
      throw new Error(`entry "${entry.trim()}" must be LANGUAGE=SOURCE (e.g. English=en)`);
    if (settings.some((s) => s.language === language))
      throw new Error(`names the language "${language}" twice`);
    if (source in BUNDLED_DICTIONARIES) {
      settings.push({ language, source: { kind: 'package', code: source as BundledCode } });
      continue;
    }
    const pair = folderPair(source);
    if (typeof pair === 'string') throw new Error(`entry "${entry.trim()}": ${pair}`);
    settings.push({ language, source: { kind: 'folder', ...pair } });
  }
  return settings;
}

/** The `OFFENSIVE_WORDS_DIR` folder must exist; its `<language or code>.txt` files are read on use. */
export function parseOffensiveDir(raw: string | undefined): string | null {
  if (!raw || raw.trim() === '') return null;
  const dir = path.resolve(raw.trim());
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new Error(`${dir} is not a folder`);
  return dir;
}
