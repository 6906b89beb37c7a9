import type { EntityName, FieldDescription } from '#shared/entities/index.ts';
import { cellText } from '../list/cell-text.ts';
import type { FormValue } from '../form/form-values.ts';
import { optionText } from './option-text.ts';
import { ReferencePicker } from './ReferencePicker.tsx';
import { SELECT_REFERENCES, type Option } from './references.ts';

export interface FieldControlProps {
  /** The input's id; the field's errors are `{id}-errors`. */
  id: string;
  field: FieldDescription;
  value: FormValue;
  /** Shown, not editable (the id, timestamps, ids fixed on edit). */
  readOnly: boolean;
  errors?: readonly string[];
  /** The whole related table, for a select (languages, stages). */
  options?: readonly Option[];
  /** The chosen related record, for a picker or a read-only reference. */
  reference?: Option | null;
  /** Extra help under the input. */
  help?: string;
  onChange(value: FormValue): void;
}

/** Label, input and errors of one field, the input chosen by the field's description. */
export function FieldControl(props: FieldControlProps) {
  const { id, field, value, readOnly, errors = [], help, onChange } = props;
  const errorId = `${id}-errors`;
  const helpId = `${id}-help`;
  const describedBy =
    [help ? helpId : '', errors.length ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const invalid = errors.length > 0;
  const feedback = (
    <>
      {help ? (
        <div id={helpId} className="form-text">
          {help}
        </div>
      ) : null}
      {invalid ? (
        <div id={errorId} className="invalid-feedback d-block">
          {errors.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </div>
      ) : null}
    </>
  );

  if (field.kind === 'bool') {
    return (
      <div className="form-check mb-3">
        <input
          id={id}
          type="checkbox"
          className={`form-check-input${invalid ? ' is-invalid' : ''}`}
          checked={value === true}
          disabled={readOnly}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label className="form-check-label" htmlFor={id}>
          {field.label}
        </label>
        {feedback}
      </div>
    );
  }

  const common = {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': invalid || undefined,
    'aria-required': (field.required && !readOnly) || undefined,
  };
  let control;
  if (readOnly) {
    const shown = props.reference
      ? optionText(props.reference)
      : cellText(field, value === '' ? null : value);
    control = <input {...common} type="text" className="form-control-plaintext" readOnly value={shown} />;
  } else if (field.kind === 'fk' && field.references && !SELECT_REFERENCES.has(field.references)) {
    control = (
      <ReferencePicker
        id={id}
        references={field.references}
        value={String(value)}
        initial={props.reference ?? null}
        invalid={invalid}
        describedBy={describedBy}
        required={field.required}
        onChange={onChange}
      />
    );
  } else if (field.kind === 'fk' || field.choices) {
    control = (
      <select
        {...common}
        className={`form-select${invalid ? ' is-invalid' : ''}`}
        value={String(value)}
        onChange={(event) => onChange(event.target.value)}
      >
        {selectOptions(field, props.options ?? []).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else {
    const numeric = field.kind === 'int' || field.kind === 'number';
    control = (
      <input
        {...common}
        className={`form-control${invalid ? ' is-invalid' : ''}`}
        type={numeric ? 'number' : field.format === 'email' ? 'email' : 'text'}
        step={field.kind === 'number' ? 'any' : undefined}
        min={numeric ? field.min : undefined}
        max={numeric ? field.max : undefined}
        required={field.required}
        value={String(value)}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {field.label}
      </label>
      {control}
      {feedback}
    </div>
  );
}

/** A select's options: a first empty choice ('None selected' for a role, 'Select a language'…), then the rest. */
function selectOptions(field: FieldDescription, related: readonly Option[]): Option[] {
  if (field.choices) {
    const none = field.required ? [] : [{ value: '', label: 'None selected' }];
    return [...none, ...field.choices.filter((c) => c !== '').map((c) => ({ value: c, label: c }))];
  }
  const empty = field.nullable ? 'None' : `Select a ${field.label.toLowerCase()}`;
  return [{ value: '', label: empty }, ...related.map((o) => ({ value: o.value, label: o.label }))];
}

/** Whether a field is offered as a select of the whole related table. */
export const isSelectReference = (
  field: FieldDescription,
): field is FieldDescription & { references: EntityName } =>
  field.kind === 'fk' && !!field.references && SELECT_REFERENCES.has(field.references);
