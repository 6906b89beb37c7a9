import { useState } from 'react';
import type { LanguageBundle, Release, ReleaseList } from '#shared/releases/api.ts';
import { panelApi } from '../api.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ErrorMessage, SuccessMessage } from '../components/Messages.tsx';
import { useReleaseAction } from './use-release-action.ts';

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-GB')} kB`;
export const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

function LanguageRows({ release }: { release: Release }) {
  return (
    <>
      {release.languages.map((language: LanguageBundle) => (
        <tr key={`${release.number}-${language.languageId}`} data-language={language.language}>
          <td data-label="Language">{language.language}</td>
          <td data-label="Release">
            {release.number}
            {release.role === 'staged' ? ' (staged)' : ''}
          </td>
          <td data-label="Content">
            {language.counts.levels} levels, {language.counts.letterGroups} letter groups,{' '}
            {language.counts.words} words
          </td>
          <td data-label="Size">
            {kb(language.gzipBytes)} gzip ({kb(language.bytes)})
          </td>
          <td data-label="ETag" className="font-monospace small text-break">
            {language.hash.slice(0, 12)}…
          </td>
        </tr>
      ))}
    </>
  );
}

/** A staged rollout: its share, widened (100 %: current for everyone) or stopped. */
function StagedRollout({ list, admin }: { list: ReleaseList; admin: boolean }) {
  const staged = list.state.staged!;
  const [share, setShare] = useState(String(Math.min(100, staged.share * 2)));
  const [stopping, setStopping] = useState(false);
  const action = useReleaseAction();
  return (
    <div className="alert alert-info" role="status">
      Release {staged.number} is staged: {staged.share}% of players get it (by player id), the others release{' '}
      {list.state.current ?? 'none'}.
      {admin ? (
        <form
          className="d-flex flex-wrap gap-2 align-items-end mt-2"
          onSubmit={(event) => {
            event.preventDefault();
            void action.run(async () => {
              await panelApi().releases.widen(staged.number, Number(share));
              return `Release ${staged.number} now goes to ${share}% of players.`;
            });
          }}
        >
          <div>
            <label htmlFor="widen-share" className="form-label mb-0">
              Share of players (%)
            </label>
            <input
              id="widen-share"
              type="number"
              min={1}
              max={100}
              className="form-control form-control-sm"
              value={share}
              onChange={(event) => setShare(event.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-sm btn-primary" disabled={action.busy}>
            Widen
          </button>
          {list.state.current !== null ? (
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              disabled={action.busy}
              onClick={() => setStopping(true)}
            >
              Stop the rollout
            </button>
          ) : null}
        </form>
      ) : null}
      <ErrorMessage message={action.error} />
      <SuccessMessage message={action.done} />
      <ConfirmDialog
        open={stopping}
        title={`Stop the rollout of release ${staged.number}?`}
        message={`Every player gets release ${list.state.current} again from their next request.`}
        busy={action.busy}
        danger
        onCancel={() => setStopping(false)}
        onConfirm={() =>
          void action
            .run(async () => {
              await panelApi().releases.rollback(list.state.current!, 'staged rollout stopped');
              return `The rollout of release ${staged.number} is stopped.`;
            })
            .then(() => setStopping(false))
        }
      />
    </div>
  );
}

/** What the game gets now, language by language (and a staged release, if any). */
export function CurrentSection({ list, admin }: { list: ReleaseList; admin: boolean }) {
  const shown = list.releases.filter((release) => release.role === 'current' || release.role === 'staged');
  return (
    <section className="card card-body mb-3" aria-labelledby="releases-current">
      <h2 id="releases-current" className="h5">
        What players get
      </h2>
      {list.state.staged ? <StagedRollout list={list} admin={admin} /> : null}
      {shown.length === 0 ? (
        <p className="mb-0">Nothing has been published yet: the game has no release to read.</p>
      ) : (
        <div className="table-responsive" tabIndex={0} role="region" aria-labelledby="releases-current">
          <table className="table table-sm align-middle mb-0 panel-table">
            <thead>
              <tr>
                <th scope="col">Language</th>
                <th scope="col">Release</th>
                <th scope="col">Content</th>
                <th scope="col">Size</th>
                <th scope="col">ETag</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((release) => (
                <LanguageRows key={release.number} release={release} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
