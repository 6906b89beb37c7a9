import type { LoaderFunctionArgs } from 'react-router';
import type { DecisionRequest, DecisionResponse, LanguageDictionary } from '#shared/dictionary.ts';
import { PROXY_PATH } from '#shared/panel-paths.ts';
import { panelContextOf } from '../server-context.ts';
import { panelCall } from '../panel-call.ts';

/**
 * The proxy called directly, as the history screens do: the typed client would bring every entity
 * description and zod into this screen's script.
 */
const call = <T>(method: 'GET' | 'POST', path: string, body?: object) =>
  panelCall<T>(method, `${PROXY_PATH}/${path}`, body ? { json: body } : undefined);

export const dictionaryApi = {
  languages: () => call<LanguageDictionary[]>('GET', 'words/cms/dictionaries'),
  decide: (request: DecisionRequest) => call<DecisionResponse>('POST', 'words/cms/decisions', request),
};

export interface DictionaryData {
  languages: LanguageDictionary[];
  problem: string | null;
}

/** On the server the request's own API client; in the browser the proxy. */
export async function dictionaryLoader({ context }: LoaderFunctionArgs): Promise<DictionaryData> {
  try {
    const panel = panelContextOf(context);
    const languages = panel ? await panel.api.dictionary.languages() : await dictionaryApi.languages();
    return { languages, problem: null };
  } catch (error) {
    return { languages: [], problem: (error as Error).message };
  }
}
