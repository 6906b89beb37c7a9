import { useId, useState } from 'react';
import { FieldControl } from '../fields/FieldControl.tsx';
import type { FormData } from '../form/form-loader.ts';
import { FormFrame } from '../form/FormFrame.tsx';
import { isEditable, type FormMode } from '../form/form-values.ts';
import { useEntityForm } from '../form/use-entity-form.ts';
import { CheckConditionFields } from './CheckConditionFields.tsx';
import { LevelDifficulty } from './LevelDifficulty.tsx';
import { LEVEL, levelBody, levelInitialValues, solvabilityRequest } from './level-values.ts';
import { SolvabilityPanel } from './SolvabilityPanel.tsx';
import { useWorkbenchGroups } from './use-workbench-groups.ts';
import { WorkbenchGroups } from './WorkbenchGroups.tsx';

/** Fields in the order of SPEC §2's level form; the condition's own fields come from the helpers. */
const LEVEL_FIELDS = ['id', 'hint', 'stageId', 'languageId', 'number', 'assignment', 'time'] as const;
const LEVEL_FLAGS = ['isActive', 'isChill'] as const;

/** Add/Edit Level: the level's fields and the check-condition helpers, composed on save. */
export function LevelForm({ mode, data }: { mode: FormMode; data: FormData }) {
  const baseId = useId();
  const [{ values: initial, unknown }] = useState(() => levelInitialValues(data.record));
  const groups = useWorkbenchGroups(mode, data);
  const form = useEntityForm({
    entity: LEVEL,
    mode,
    record: data.record,
    version: data.version,
    initial,
    initialOf: (record) => levelInitialValues(record).values,
    toBody: (values) => levelBody(mode, values),
    afterCreate: groups.afterCreate,
  });
  const groupIds = groups.chosen?.map((option) => Number(option.value)) ?? null;
  // A new level with no letter group picked: nothing to judge yet.
  const nothingPicked = mode === 'add' && groupIds?.length === 0;
  const errors = form.problems?.fieldErrors ?? {};
  const control = (name: string, help?: string) => (
    <FieldControl
      key={name}
      id={`${baseId}-${name}`}
      field={LEVEL.fields[name]!}
      value={form.values[name] ?? ''}
      readOnly={!isEditable(LEVEL.fields[name]!, mode)}
      errors={errors[name]}
      options={data.options[name]}
      help={help}
      onChange={(value) => form.set(name, value)}
    />
  );
  return (
    <FormFrame entity={LEVEL} form={form}>
      {LEVEL_FIELDS.filter((name) => mode === 'edit' || name !== 'id').map((name) =>
        control(
          name,
          name === 'number' && mode === 'add' ? 'Leave empty for the next free number.' : undefined,
        ),
      )}
      {control('requiredLetterPosition')}
      <CheckConditionFields
        baseId={baseId}
        values={form.values}
        errors={errors}
        unknown={unknown}
        onChange={form.set}
      />
      {errors.checkCondition ? (
        <div className="invalid-feedback d-block mb-3">{errors.checkCondition.join(' ')}</div>
      ) : null}
      <SolvabilityPanel
        request={nothingPicked ? null : solvabilityRequest(data.record, form.values, groupIds)}
        waiting={
          nothingPicked && form.values.languageId
            ? 'Pick the letter groups this level will use to see whether players can solve it.'
            : null
        }
      >
        <WorkbenchGroups
          baseId={baseId}
          mode={mode}
          chosen={groups.chosen}
          linked={groups.linked}
          onChange={groups.setChosen}
          link={groups.link}
          onLinkChange={groups.setLink}
          retry={groups.retry}
        />
      </SolvabilityPanel>
      {mode === 'edit' && data.record ? (
        <LevelDifficulty
          levelId={Number(data.record.id)}
          stageId={Number(data.record.stageId)}
          languageId={Number(data.record.languageId)}
        />
      ) : null}
      {LEVEL_FLAGS.map((name) => control(name))}
    </FormFrame>
  );
}
