import { useState } from 'react';
import type { ApiToken } from '#shared/team.ts';
import { MAX_TOKEN_DAYS, TOKEN_STATUS_TEXT } from '#shared/team-limits.ts';
import { PERMISSION_SETS } from '#shared/permissions.ts';
import { panelApi } from '../api.ts';
import { Notice } from './AccountsSection.tsx';
import { ReachFields, reachBody, type ReachDraft } from './ReachFields.tsx';
import { languageList, type LanguageOption } from './team-loader.ts';
import { useTeamAction } from './use-team-action.ts';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : 'never');

/** A new token, shown once to copy: the API keeps only a keyed hash of it. */
function CreateTokenForm({ languages }: { languages: readonly LanguageOption[] }) {
  const [name, setName] = useState('');
  const [days, setDays] = useState('30');
  const [draft, setDraft] = useState<ReachDraft>({ permissions: 'editor', languages: [] });
  const [token, setToken] = useState<string | null>(null);
  const action = useTeamAction();
  return (
    <form
      className="card card-body mb-3"
      aria-labelledby="token-title"
      onSubmit={(event) => {
        event.preventDefault();
        setToken(null);
        void action.run(async () => {
          const created = await panelApi().team.createToken({
            name: name.trim(),
            expiresInDays: Number(days),
            ...reachBody(draft),
          });
          setToken(created.token);
          setName('');
          return `Token "${created.name}" created; it expires on ${day(created.expiresAt)}.`;
        });
      }}
    >
      <h2 id="token-title" className="h5">
        Create an API token
      </h2>
      <div className="row g-2">
        <div className="col-md-8">
          <label htmlFor="token-name" className="form-label">
            Name (what it is for)
          </label>
          <input
            id="token-name"
            className="form-control"
            value={name}
            required
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div className="col-md-4">
          <label htmlFor="token-days" className="form-label">
            Expires in (days, at most {MAX_TOKEN_DAYS})
          </label>
          <input
            id="token-days"
            className="form-control"
            type="number"
            min={1}
            max={MAX_TOKEN_DAYS}
            required
            value={days}
            onChange={(event) => setDays(event.target.value)}
          />
        </div>
      </div>
      <ReachFields
        id="token"
        draft={draft}
        languages={languages}
        onChange={setDraft}
        sets={PERMISSION_SETS}
      />
      <Notice notice={action.notice} />
      {token ? (
        <div className="mb-2">
          <label htmlFor="token-value" className="form-label">
            Copy the token now: it is shown this once.
          </label>
          <input
            id="token-value"
            className="form-control font-monospace"
            readOnly
            value={token}
            onFocus={(event) => event.target.select()}
          />
        </div>
      ) : null}
      <button
        type="submit"
        className="btn btn-primary align-self-start"
        disabled={action.busy || name.trim() === ''}
      >
        Create token
      </button>
    </form>
  );
}

function TokenRow({ token, languages }: { token: ApiToken; languages: readonly LanguageOption[] }) {
  const action = useTeamAction();
  // Its owner was narrowed since it was made: it may do only what both allow.
  const narrowed =
    token.effective.permissions !== token.permissions ||
    JSON.stringify(token.effective.languages) !== JSON.stringify(token.languages);
  return (
    <tr data-token={token.name}>
      <td data-label="Name">{token.name}</td>
      <td data-label="Owner">{token.owner}</td>
      <td data-label="Permissions">
        {token.permissions}, {languageList(token.languages, languages)}
        {narrowed ? (
          <div className="small text-body-secondary">
            now {token.effective.permissions}, {languageList(token.effective.languages, languages)}: its owner
            reaches no further
          </div>
        ) : null}
      </td>
      <td data-label="Status">
        {TOKEN_STATUS_TEXT[token.status]}, expires {day(token.expiresAt)}
      </td>
      <td data-label="Last used">
        {day(token.lastUsedAt)}
        {token.lastUsedIp ? ` from ${token.lastUsedIp}` : ''}
      </td>
      <td data-label="Actions">
        <Notice notice={action.notice} />
        {token.status === 'active' || token.status === 'owner-inactive' ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            disabled={action.busy}
            onClick={() => void action.run(async () => (await panelApi().team.revokeToken(token.id), null))}
          >
            Revoke<span className="visually-hidden">{` token ${token.name}`}</span>
          </button>
        ) : null}
      </td>
    </tr>
  );
}

/** Tokens for scripts and schedulers: create one (shown once), see their last use, revoke. */
export function TokensSection({
  tokens,
  languages,
}: {
  tokens: ApiToken[];
  languages: readonly LanguageOption[];
}) {
  return (
    <section aria-labelledby="tokens-title">
      <h2 id="tokens-title" className="h4">
        API tokens
      </h2>
      <CreateTokenForm languages={languages} />
      <div className="table-responsive" tabIndex={0} aria-labelledby="tokens-title">
        <table className="table align-middle panel-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Owner</th>
              <th scope="col">Permissions</th>
              <th scope="col">Status</th>
              <th scope="col">Last used</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {tokens.length === 0 ? (
              <tr>
                <td colSpan={6}>No tokens yet.</td>
              </tr>
            ) : (
              tokens.map((token) => <TokenRow key={token.id} token={token} languages={languages} />)
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
