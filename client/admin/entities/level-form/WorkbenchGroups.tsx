import { MAX_SOLVABILITY_GROUPS } from '#shared/solvability-request.ts';
import { MultiReferencePicker } from '../fields/MultiReferencePicker.tsx';
import type { Option } from '../fields/references.ts';
import type { FormMode } from '../form/form-values.ts';
import { linkFailureText, type LinkFailure } from './linked-groups.ts';

export interface LinkRetry {
  levelId: number;
  failures: LinkFailure[];
  busy: boolean;
  /** Set once every link is made. */
  done: string | null;
  retry(): void;
}

interface WorkbenchGroupsProps {
  baseId: string;
  mode: FormMode;
  /** Picked in the workbench; null: the level's links could not be read (its links are used). */
  chosen: Option[] | null;
  /** Editing: the level's linked letter groups (what "what if" is compared with). */
  linked: Option[] | null;
  onChange(chosen: Option[] | null): void;
  /** Adding: link the chosen letter groups once the level is saved. */
  link: boolean;
  onLinkChange(link: boolean): void;
  retry: LinkRetry | null;
}

/** The same letter groups, in whatever order. */
const same = (a: readonly Option[], b: readonly Option[]) =>
  a.length === b.length && a.every((option) => b.some((o) => o.value === option.value));

/**
 * The letter groups the workbench judges the level with. A new level has none linked yet: the
 * manager picks the ones it will use, and may have them linked when saving. An existing level
 * starts with its linked ones; picking others only asks "what if" (its links stay as they are).
 */
export function WorkbenchGroups(props: WorkbenchGroupsProps) {
  const { baseId, mode, chosen, linked, onChange, link, retry } = props;
  const pickerId = `${baseId}-workbench-groups`;
  const trying = mode === 'edit' && chosen !== null && linked !== null && !same(chosen, linked);
  return (
    <div className="mb-3">
      <MultiReferencePicker
        id={pickerId}
        label="Letter groups to judge with"
        references="letter-group"
        chosen={chosen ?? []}
        max={MAX_SOLVABILITY_GROUPS}
        help={
          mode === 'add'
            ? 'The letter groups this level will use: the verdict below follows them as you pick.'
            : chosen === null
              ? 'Its linked letter groups could not be read; the verdict uses them. Pick letter groups to try others.'
              : 'Starts with its linked letter groups. Try others to see what would change: its links stay as they are.'
        }
        onChange={onChange}
      />
      {mode === 'add' ? (
        <div className="form-check">
          <input
            id={`${pickerId}-link`}
            type="checkbox"
            className="form-check-input"
            checked={link}
            disabled={(chosen ?? []).length === 0}
            onChange={(event) => props.onLinkChange(event.target.checked)}
          />
          <label className="form-check-label" htmlFor={`${pickerId}-link`}>
            Link these letter groups when saving
          </label>
        </div>
      ) : null}
      {trying ? (
        <p className="small mb-0" role="status">
          Trying letter groups other than its links (saving does not change them).{' '}
          <button
            type="button"
            className="btn btn-link btn-sm p-0 align-baseline"
            onClick={() => onChange(linked)}
          >
            Back to its linked letter groups
          </button>
        </p>
      ) : null}
      {retry && retry.failures.length > 0 ? (
        <div className="alert alert-danger mt-2 mb-0" role="alert">
          <p className="mb-2 text-break">{linkFailureText(retry.levelId, retry.failures)}</p>
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            disabled={retry.busy}
            onClick={retry.retry}
          >
            {retry.busy ? 'Linking…' : 'Retry linking'}
          </button>
        </div>
      ) : null}
      {retry?.done ? (
        <p className="text-success small mt-2 mb-0" role="status">
          {retry.done}
        </p>
      ) : null}
    </div>
  );
}
