import { useState } from 'react';
import type { Account } from '#shared/team.ts';
import { AUDIT_PATH } from '#shared/panel-paths.ts';
import { panelApi } from '../api.ts';
import { ErrorMessage } from '../components/Messages.tsx';
import { ReachFields, reachBody, type ReachDraft } from './ReachFields.tsx';
import { languageList, type LanguageOption } from './team-loader.ts';
import { useTeamAction, type TeamNotice } from './use-team-action.ts';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { timeZone: 'UTC' }) + ' UTC' : 'never';

function stateOf(account: Account): string {
  if (!account.isActive) return 'Deactivated';
  if (account.invitePending) return 'Invited: no password yet';
  return account.twoFactor ? 'Active' : 'Active: two-factor at next login';
}

function Notice({ notice }: { notice: TeamNotice | null }) {
  if (!notice) return null;
  if (notice.kind === 'error') return <ErrorMessage message={notice.text} className="mb-2" />;
  return (
    <p role="status" className="text-success mb-2 text-break">
      {notice.text}
    </p>
  );
}

/** An invitation's link, to copy and send: shown once, as the API answered it. */
const linkOf = (path: string) => `${window.location.origin}${path}`;

function InviteForm({ languages }: { languages: readonly LanguageOption[] }) {
  const [username, setUsername] = useState('');
  const [draft, setDraft] = useState<ReachDraft>({ permissions: 'editor', languages: [] });
  const action = useTeamAction();
  return (
    <form
      className="card card-body mb-3"
      aria-labelledby="invite-title"
      onSubmit={(event) => {
        event.preventDefault();
        void action
          .run(async () => {
            const invited = await panelApi().team.invite({ username: username.trim(), ...reachBody(draft) });
            return `Invited ${invited.account.username}. Send this link (it works once, until ${when(invited.expiresAt)}): ${linkOf(invited.enrolmentPath)}`;
          })
          .then((ok) => ok && setUsername(''));
      }}
    >
      <h2 id="invite-title" className="h5">
        Invite an account
      </h2>
      <div className="mb-2">
        <label htmlFor="invite-username" className="form-label">
          Username
        </label>
        <input
          id="invite-username"
          className="form-control"
          value={username}
          required
          onChange={(event) => setUsername(event.target.value)}
        />
      </div>
      <ReachFields id="invite" draft={draft} languages={languages} onChange={setDraft} />
      <Notice notice={action.notice} />
      <button
        type="submit"
        className="btn btn-primary align-self-start"
        disabled={action.busy || username.trim() === ''}
      >
        Invite
      </button>
    </form>
  );
}

function AccountRow({ account, languages }: { account: Account; languages: readonly LanguageOption[] }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<ReachDraft>({
    permissions: account.permissions,
    languages: account.languages ?? [],
  });
  const action = useTeamAction();
  const team = () => panelApi().team;
  const name = account.username;
  // The account's one-click actions: each says what it did, or the API's refusal.
  const steps = [
    {
      label: account.isActive ? 'Deactivate' : 'Reactivate',
      shown: true,
      run: async () => {
        await team().updateAccount(account.id, { isActive: !account.isActive });
        return `${name} ${account.isActive ? 'deactivated; its sessions and API tokens ended for good' : 'reactivated'}.`;
      },
    },
    {
      label: 'End sessions',
      shown: true,
      run: async () => (
        await team().endSessions(account.id),
        `Every session and API token of ${name} ended.`
      ),
    },
    {
      label: 'Reset two-factor',
      shown: true,
      danger: true,
      run: async () => (
        await team().resetTwoFactor(account.id),
        `Two-factor of ${name} reset: the next login shows a new QR code.`
      ),
    },
    {
      label: 'New invitation link',
      shown: account.invitePending,
      run: async () =>
        `New link for ${name}: ${linkOf((await team().renewInvitation(account.id)).enrolmentPath)}`,
    },
  ];
  return (
    <tr data-account={name}>
      <td data-label="Username">
        <a href={`${AUDIT_PATH}?${new URLSearchParams({ username: name })}`}>{name}</a>
      </td>
      <td data-label="Permissions">
        {account.permissions}, {languageList(account.languages, languages)}
      </td>
      <td data-label="State">{stateOf(account)}</td>
      <td data-label="Last login">
        {when(account.lastLoginAt)}
        {account.lastLoginIp ? ` from ${account.lastLoginIp}` : ''}
      </td>
      <td data-label="Actions" className="panel-actions">
        <Notice notice={action.notice} />
        {editing ? (
          <form
            aria-label={`Change ${name}`}
            onSubmit={(event) => {
              event.preventDefault();
              void action.run(
                async () => (await team().updateAccount(account.id, reachBody(draft)), `${name} changed.`),
              );
              setEditing(false);
            }}
          >
            <ReachFields
              id={`account-${account.id}`}
              draft={draft}
              languages={languages}
              onChange={setDraft}
            />
            <button type="submit" className="btn btn-sm btn-primary me-2" disabled={action.busy}>
              Save {name}
            </button>
            <button type="button" className="btn btn-sm btn-secondary" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </form>
        ) : (
          <div className="d-flex flex-wrap gap-2">
            <button type="button" className="btn btn-sm btn-primary" onClick={() => setEditing(true)}>
              Change<span className="visually-hidden">{` ${name}`}</span>
            </button>
            {steps
              .filter((step) => step.shown)
              .map((step) => (
                <button
                  key={step.label}
                  type="button"
                  className={`btn btn-sm ${step.danger ? 'btn-outline-danger' : 'btn-outline-secondary'}`}
                  disabled={action.busy}
                  onClick={() => void action.run(step.run)}
                >
                  {step.label}
                  <span className="visually-hidden">{` ${name}`}</span>
                </button>
              ))}
          </div>
        )}
      </td>
    </tr>
  );
}

/** The panel's accounts: invite one; change, deactivate, end the sessions of or reset each. */
export function AccountsSection({
  accounts,
  languages,
}: {
  accounts: Account[];
  languages: readonly LanguageOption[];
}) {
  return (
    <section aria-labelledby="accounts-title" className="mb-4">
      <h2 id="accounts-title" className="h4">
        Accounts
      </h2>
      <InviteForm languages={languages} />
      <div className="table-responsive" tabIndex={0} aria-labelledby="accounts-title">
        <table className="table align-middle panel-table">
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col">Permissions</th>
              <th scope="col">State</th>
              <th scope="col">Last login</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <AccountRow key={account.id} account={account} languages={languages} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export { Notice };
