import { useId } from 'react';
import type { AnyEntity } from '#shared/entities/index.ts';
import { FieldControl } from '../fields/FieldControl.tsx';
import type { FormData } from './form-loader.ts';
import { FormFrame } from './FormFrame.tsx';
import { formWarning } from './length-warning.ts';
import { formFields, initialValues, isEditable, toBody, type FormMode } from './form-values.ts';
import { useEntityForm } from './use-entity-form.ts';

/** The generic add/edit form: one input per field of the description (SPEC §2 "Forms"). */
export function EntityForm({ entity, mode, data }: { entity: AnyEntity; mode: FormMode; data: FormData }) {
  const baseId = useId();
  const form = useEntityForm({
    entity,
    mode,
    record: data.record,
    version: data.version,
    initial: initialValues(entity, data.record),
    initialOf: (record) => initialValues(entity, record),
    toBody: (values) => toBody(entity, mode, values),
    warning: (values) => formWarning(entity, values, data.options),
  });
  return (
    <FormFrame entity={entity} form={form}>
      {formFields(entity, mode).map(([name, field]) => (
        <FieldControl
          key={name}
          id={`${baseId}-${name}`}
          field={field}
          value={form.values[name] ?? ''}
          readOnly={!isEditable(field, mode)}
          errors={form.problems?.fieldErrors[name]}
          options={data.options[name]}
          reference={data.references[name] ?? null}
          onChange={(value) => form.set(name, value)}
        />
      ))}
    </FormFrame>
  );
}
