import { useLoaderData } from 'react-router';
import { ErrorMessage } from '../components/Messages.tsx';
import { AccountsSection } from './AccountsSection.tsx';
import { teamLoader } from './team-loader.ts';
import { TokensSection } from './TokensSection.tsx';

export const loader = teamLoader;

/**
 * The Team (issue 33), for administrators: the panel's accounts and the API tokens of scripts.
 * Others reach it only by its address, and read why they may not.
 */
export function Component() {
  const data = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="team-title">
      <h1 id="team-title" className="h3 mb-3">
        Team
      </h1>
      {data.refused ? (
        <ErrorMessage message={data.refused} />
      ) : (
        <>
          <AccountsSection accounts={data.accounts} languages={data.languages} />
          <TokensSection tokens={data.tokens} languages={data.languages} />
        </>
      )}
    </section>
  );
}
