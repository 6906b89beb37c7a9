import type { CheckResponse, DecisionRequest, DecisionResponse, LanguageDictionary } from '../dictionary.ts';
import type { Transport } from './transport.ts';

/** Issue 46: words checked against a language's dictionary, decisions on stored words. */
export interface DictionaryClient {
  /** Each word's verdicts (nothing stored): at most 5,000 words a call. */
  check(languageId: number, words: readonly string[]): Promise<CheckResponse>;
  /** Accept or exclude stored words with a reason (or withdraw the decision: `decision: null`). */
  decide(request: DecisionRequest): Promise<DecisionResponse>;
  /** Each language's dictionary, its open findings and decisions. */
  languages(): Promise<LanguageDictionary[]>;
}

export function dictionaryClient(transport: Transport): DictionaryClient {
  return {
    check: (languageId, words) =>
      transport.call({ method: 'POST', path: 'words/cms/check', body: { languageId, words } }),
    decide: (request) => transport.call({ method: 'POST', path: 'words/cms/decisions', body: request }),
    languages: () => transport.call({ method: 'GET', path: 'words/cms/dictionaries' }),
  };
}
