import type { LoaderFunctionArgs } from 'react-router';
import { ApiError } from '#shared/api-client/index.ts';
import type { Account, ApiToken } from '#shared/team.ts';
import { panelApi } from '../api.ts';

export interface LanguageOption {
  id: number;
  language: string;
}

export interface TeamData {
  accounts: Account[];
  tokens: ApiToken[];
  languages: LanguageOption[];
  /** Why the team cannot be shown (not an administrator; the API is down), else null. */
  refused: string | null;
}

/** The accounts, the tokens and the languages to limit them to (issue 33). */
export async function teamLoader({ context }: LoaderFunctionArgs): Promise<TeamData> {
  const api = panelApi(context);
  try {
    const [accounts, tokens, languages] = await Promise.all([
      api.team.accounts(),
      api.team.tokens(),
      api.languages.search({ size: 100 }),
    ]);
    return {
      accounts,
      tokens,
      languages: languages.items.map(({ id, language }) => ({ id, language })),
      refused: null,
    };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 401) throw error;
    return { accounts: [], tokens: [], languages: [], refused: error.message };
  }
}

/** "French, German", or "all languages". */
export function languageList(ids: number[] | null, languages: readonly LanguageOption[]): string {
  if (ids === null) return 'all languages';
  return ids.map((id) => languages.find((l) => l.id === id)?.language ?? `#${id}`).join(', ');
}
