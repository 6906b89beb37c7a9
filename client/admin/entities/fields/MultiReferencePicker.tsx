import type { EntityName } from '#shared/entities/index.ts';
import { optionText } from './option-text.ts';
import { ReferencePicker } from './ReferencePicker.tsx';
import type { Option } from './references.ts';

interface MultiReferencePickerProps {
  id: string;
  label: string;
  references: EntityName;
  /** The chosen records, in the order chosen. */
  chosen: readonly Option[];
  /** The most that may be chosen. */
  max: number;
  help?: string;
  onChange(chosen: Option[]): void;
}

/**
 * Several records of a large table: the chosen ones as a list, each with its Remove button, and
 * the foreign-key picker (ReferencePicker: server search, keyboard, ARIA combobox) to add more.
 */
export function MultiReferencePicker(props: MultiReferencePickerProps) {
  const { id, label, references, chosen, max, help, onChange } = props;
  const full = chosen.length >= max;
  const helpId = `${id}-help`;
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {chosen.length > 0 ? (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2" aria-label={`Chosen: ${label}`}>
          {chosen.map((option) => (
            <li key={option.value} className="badge text-bg-light border d-flex align-items-center gap-1">
              <span className="text-wrap text-break">{optionText(option)}</span>
              <button
                type="button"
                className="btn-close"
                aria-label={`Remove ${optionText(option)}`}
                onClick={() => onChange(chosen.filter((o) => o.value !== option.value))}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <ReferencePicker
        id={id}
        references={references}
        value=""
        initial={null}
        invalid={false}
        describedBy={help ? helpId : undefined}
        disabled={full}
        hint={
          full
            ? `${max} chosen, the most allowed: remove one to add another.`
            : 'Type letters or an id to add one.'
        }
        onChange={() => undefined}
        onPick={(option) => {
          if (!chosen.some((o) => o.value === option.value)) onChange([...chosen, option]);
        }}
      />
      {help ? (
        <div id={helpId} className="form-text">
          {help}
        </div>
      ) : null}
    </div>
  );
}
