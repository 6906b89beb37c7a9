import { composeCheckCondition, describeCheckCondition } from '#shared/check-condition.ts';
import { FieldControl } from '../fields/FieldControl.tsx';
import type { FormValue, FormValues } from '../form/form-values.ts';
import { CONDITION_HELPERS, conditionInputs, LEVEL } from './level-values.ts';

interface CheckConditionFieldsProps {
  baseId: string;
  values: FormValues;
  errors: Record<string, string[]>;
  /** Parts of the saved condition the helpers cannot express. */
  unknown: readonly string[];
  onChange(name: string, value: FormValue): void;
}

/**
 * The helper inputs the check condition is composed from (SPEC §5), and the composed condition
 * shown live with what it means, so the manager sees exactly what will be saved.
 */
export function CheckConditionFields({
  baseId,
  values,
  errors,
  unknown,
  onChange,
}: CheckConditionFieldsProps) {
  const inputs = conditionInputs(values);
  const condition = composeCheckCondition(inputs);
  const field = (name: string, description = LEVEL.fields[name]!, help?: string, readOnly = false) => (
    <FieldControl
      id={`${baseId}-${name}`}
      field={description}
      value={values[name] ?? ''}
      readOnly={readOnly}
      errors={errors[name]}
      help={help}
      onChange={(value) => onChange(name, value)}
    />
  );
  return (
    <fieldset className="border rounded p-3 mb-3">
      <legend className="h6 float-none w-auto px-1 mb-0">Check condition</legend>
      {unknown.length > 0 ? (
        <div className="alert alert-warning" role="alert">
          The saved condition has parts this form cannot express: {unknown.join(', ')}. Saving replaces the
          condition with the one shown below.
        </div>
      ) : null}
      {field('numberOfWords', CONDITION_HELPERS.numberOfWords)}
      <FieldControl
        id={`${baseId}-requiredLetterFlag`}
        field={LEVEL.fields.requiredLetterFlag!}
        value={values.requiredLetterFlag ?? false}
        readOnly={false}
        onChange={(value) => {
          onChange('requiredLetterFlag', value);
          if (value === true && values.requiredLetter === '') onChange('requiredLetter', 'first');
        }}
      />
      {inputs.requiredLetterFlag ? (
        <>
          {field(
            'requiredLetter',
            undefined,
            'first: every word starts with the same letter; last: ends with it.',
          )}
          {inputs.requiredLetter === 'last' ? field('endIsStart', CONDITION_HELPERS.endIsStart) : null}
        </>
      ) : (
        <>
          {field('numberOfLetters', CONDITION_HELPERS.numberOfLetters)}
          {field('lettersAtLeast', CONDITION_HELPERS.lettersAtLeast)}
        </>
      )}
      <p className="mb-1">
        Composed condition:{' '}
        <output htmlFor={`${baseId}-numberOfWords`} className="font-monospace" aria-live="polite">
          {condition === '' ? '(none)' : condition}
        </output>
      </p>
      <p className="form-text mb-0">{describeCheckCondition(condition)}</p>
    </fieldset>
  );
}
