import type { LoaderFunctionArgs } from 'react-router';
import type { DecisionRequest, DecisionResponse, LanguageDictionary } from '#shared/dictionary.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '#shared/panel-context.ts';
import { PROXY_PATH } from '#shared/panel-paths.ts';
import { panelContextOf } from '../server-context.ts';
import { trackedFetch } from '../session-api.ts';

/**
 * The proxy called directly, as the history screens do: the typed client would bring every entity
 * description and zod into this screen's script.
 */
async function call<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  let response: Response;
  let text: string;
  try {
    response = await trackedFetch(`${PROXY_PATH}/${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(method === 'GET' ? {} : { [CSRF_HEADER]: CSRF_HEADER_VALUE, 'Content-Type': 'application/json' }),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    text = await response.text();
  } catch {
    throw new Error('The panel server could not be reached: check the connection and try again.');
  }
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: the status says enough.
  }
  if (!response.ok) {
    const message = (data as { message?: unknown } | null)?.message;
    throw new Error(typeof message === 'string' ? message : `The request failed (${response.status}).`);
  }
  return data as T;
}

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
