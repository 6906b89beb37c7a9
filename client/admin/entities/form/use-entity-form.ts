import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AnyEntity } from '#shared/entities/index.ts';
import { entityApi, errorMessage, serverFieldErrors, type Row } from '../entity-api.ts';
import { returnPath } from '../list-return.ts';
import { saveFailedMessage, successMessage } from '../messages.ts';
import { forgetRow } from '../row-cache.ts';
import { isDirty, type FormMode, type FormValue, type FormValues } from './form-values.ts';
import { labelFieldErrors, validateForm, type FormProblems } from './validate.ts';

interface EntityFormOptions {
  entity: AnyEntity;
  mode: FormMode;
  record: Row | null;
  initial: FormValues;
  /** The body to send for these inputs (the level form composes its check condition here). */
  toBody(values: FormValues): Record<string, unknown>;
  /** Something to confirm before saving values that are valid but unusual (length-warning.ts). */
  warning?(values: FormValues): string | null;
}

/**
 * The save flow every form shares (SPEC §2 "Forms", §5): validate with the API's own schemas,
 * confirm an edit where the entity asks for it, send, then go back to the list page the form was
 * opened from, carrying the success message and the saved record's id. Any failure stays on the
 * form, with the server's field errors beside their fields.
 */
export function useEntityForm({ entity, mode, record, initial, toBody, warning }: EntityFormOptions) {
  const navigate = useNavigate();
  const back = returnPath(entity, useLocation().search);
  const [start] = useState(initial);
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<FormProblems | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [pending, setPending] = useState<Record<string, unknown> | null>(null);
  const [warned, setWarned] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  /** Set once saved, so leaving for the list is not mistaken for abandoning changes. */
  const saved = useRef(false);

  async function save(body: Record<string, unknown>) {
    setPending(null);
    setBusy(true);
    try {
      const api = entityApi(entity.name);
      const stored = mode === 'add' ? await api.create(body) : await api.update(record!.id, body);
      if (record) forgetRow(entity.name, record.id);
      saved.current = true;
      const text = successMessage(entity.name, mode === 'add' ? 'created' : 'updated');
      const savedId = typeof stored.id === 'number' ? stored.id : (record?.id ?? null);
      await navigate(back, { state: { flash: text ? { kind: 'success', text } : null, savedId } });
    } catch (error) {
      setSaveError(`${saveFailedMessage(entity, mode)} ${errorMessage(error)}`);
      setProblems({ message: null, fieldErrors: labelFieldErrors(entity, serverFieldErrors(error)) });
      setBusy(false);
    }
  }

  function submit() {
    const body = toBody(values);
    const found = validateForm(entity, mode, values, body);
    setProblems(found);
    setSaveError(null);
    if (found) return;
    const unusual = warning?.(values) ?? null;
    setWarned(unusual);
    if (unusual || (mode === 'edit' && entity.panel.confirmSave)) setPending(body);
    else void save(body);
  }

  /** The edit form's Delete (issue 12): back to the list page it came from, with SPEC §8's message. */
  async function remove() {
    setDeleting(false);
    setBusy(true);
    setSaveError(null);
    try {
      await entityApi(entity.name).remove(record!.id);
      forgetRow(entity.name, record!.id);
      saved.current = true;
      const text = successMessage(entity.name, 'deleted');
      await navigate(back, { state: { flash: text ? { kind: 'success', text } : null } });
    } catch (error) {
      setSaveError(errorMessage(error));
      setBusy(false);
    }
  }

  return {
    values,
    set: (name: string, value: FormValue) => setValues((current) => ({ ...current, [name]: value })),
    problems,
    saveError,
    busy,
    dirty: isDirty(start, values),
    saved,
    submit,
    confirming: pending !== null,
    /** What the save confirmation warns about, if anything. */
    warning: warned,
    confirm: () => pending && void save(pending),
    cancel: () => setPending(null),
    /** Where Cancel (and any way back) leads: the list page the form was opened from. */
    back,
    /** Delete is offered on an edit form where the list has it too. */
    canDelete: mode === 'edit' && record !== null && entity.panel.delete && Boolean(entity.operations.delete),
    askDelete: () => (entity.panel.confirmDelete ? setDeleting(true) : void remove()),
    confirmingDelete: deleting,
    confirmDelete: () => void remove(),
    cancelDelete: () => setDeleting(false),
  };
}

export type EntityFormState = ReturnType<typeof useEntityForm>;
