import { ACCOUNT_PERMISSION_SETS, type PermissionSet } from '#shared/permissions.ts';
import type { LanguageOption } from './team-loader.ts';

export interface ReachDraft {
  permissions: PermissionSet;
  /** Empty: every language. */
  languages: number[];
}

const EXPLAINED: Record<PermissionSet, string> = {
  administrator: 'administrator: everything, accounts and tokens included',
  editor: 'editor: languages, stages, letter groups, words, levels and their links',
  viewer: 'viewer: the same, read only',
  game: 'game: the published releases only (the game’s token)',
};

/** A permission set and, for editors and viewers, the languages they are limited to (none: all). */
export function ReachFields({
  id,
  draft,
  languages,
  onChange,
  sets = ACCOUNT_PERMISSION_SETS,
}: {
  id: string;
  draft: ReachDraft;
  languages: readonly LanguageOption[];
  onChange(draft: ReachDraft): void;
  sets?: readonly PermissionSet[];
}) {
  const limited = draft.permissions !== 'administrator';
  return (
    <>
      <div className="mb-2">
        <label htmlFor={`${id}-permissions`} className="form-label">
          Permissions
        </label>
        <select
          id={`${id}-permissions`}
          className="form-select"
          value={draft.permissions}
          onChange={(event) => onChange({ ...draft, permissions: event.target.value as PermissionSet })}
        >
          {sets.map((set) => (
            <option key={set} value={set}>
              {EXPLAINED[set]}
            </option>
          ))}
        </select>
      </div>
      {limited ? (
        <fieldset className="mb-2">
          <legend className="form-label fs-6">Languages (none ticked: every language)</legend>
          <div className="d-flex flex-wrap gap-3">
            {languages.map((language) => (
              <div className="form-check" key={language.id}>
                <input
                  id={`${id}-language-${language.id}`}
                  type="checkbox"
                  className="form-check-input"
                  checked={draft.languages.includes(language.id)}
                  onChange={(event) =>
                    onChange({
                      ...draft,
                      languages: event.target.checked
                        ? [...draft.languages, language.id]
                        : draft.languages.filter((l) => l !== language.id),
                    })
                  }
                />
                <label className="form-check-label" htmlFor={`${id}-language-${language.id}`}>
                  {language.language}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
      ) : null}
    </>
  );
}

/** The reach as the API takes it: languages only for editors and viewers, none ticked → all. */
export const reachBody = (draft: ReachDraft) => ({
  permissions: draft.permissions,
  languages: draft.permissions === 'administrator' || draft.languages.length === 0 ? null : draft.languages,
});
