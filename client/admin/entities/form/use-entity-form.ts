import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AnyEntity } from '#shared/entities/index.ts';
import { ApiError } from '#shared/api-client/index.ts';
import { useReauth } from '#client/admin/session/use-reauth.ts';
import { entityApi, errorMessage, serverFieldErrors, type Row } from '../entity-api.ts';
import { returnPath } from '../list-return.ts';
import { saveFailedMessage, successMessage } from '../messages.ts';
import { forgetRow } from '../row-cache.ts';
import { loadConflict, mergedValues, type Conflict } from './conflict.ts';
import { isDirty, type FormMode, type FormValue, type FormValues } from './form-values.ts';
import { labelFieldErrors, preloadValidation, validateForm, type FormProblems } from './validate.ts';

interface EntityFormOptions {
  entity: AnyEntity;
  mode: FormMode;
  record: Row | null;
  /** The record's version as loaded: sent as If-Match, so a save never overwrites unseen changes. */
  version: string | null;
  initial: FormValues;
  /** A record's input values (after a conflict, for their version). */
  initialOf(record: Row): FormValues;
  /** The body to send for these inputs (the level form composes its check condition here). */
  toBody(values: FormValues): Record<string, unknown>;
  /** Something to confirm before saving values that are valid but unusual (length-warning.ts). */
  warning?(values: FormValues): string | null;
  /**
   * Work that follows the creation of the record (the level form links its letter groups). Never
   * throws: the record is saved whatever happens. An address returned is where the form goes
   * instead of the list (the saved record's edit form, showing what is left to do).
   */
  afterCreate?(stored: Row): Promise<{ to: string; state: unknown } | null>;
}

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : null);

/**
 * The save flow every form shares (SPEC §2 "Forms", §5): validate with the API's own schemas,
 * confirm an edit where the entity asks for it, send, then go back to the list page the form was
 * opened from, carrying the success message and the saved record's id. Any failure stays on the
 * form, with the server's field errors beside their fields. Issue 12: a record changed since it
 * was loaded (412) shows who changed what; an ended session (401) asks for the login in place
 * and then saves — the input is never lost.
 */
export function useEntityForm(options: EntityFormOptions) {
  const { entity, mode, record, initial, initialOf, toBody, warning } = options;
  const navigate = useNavigate();
  const back = returnPath(entity, useLocation().search);
  const [start, setStart] = useState(initial);
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<FormProblems | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [pending, setPending] = useState<Record<string, unknown> | null>(null);
  const [warned, setWarned] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const version = useRef(options.version);
  /** Set once saved, so leaving for the list is not mistaken for abandoning changes. */
  const saved = useRef(false);
  const dirty = isDirty(start, values);
  const reauth = useReauth(dirty || busy);
  // The schemas' module (zod), fetched at the first edit: a form only looked at never loads it, and
  // by the time Save is pressed it is there.
  useEffect(() => {
    if (dirty) void preloadValidation().catch(() => undefined);
  }, [dirty]);

  /** A 401 or 412 handled here (true), else the caller shows the error. */
  async function intercepted(error: unknown, action: Conflict['action'], retry: () => void) {
    if (statusOf(error) === 401) {
      reauth.ask(retry);
      return true;
    }
    if (statusOf(error) !== 412 || !record) return false;
    try {
      const body = toBody(values);
      setConflict(await loadConflict(entity, record.id, action, { start, values, body, initialOf }));
    } catch (caught) {
      if (statusOf(caught) === 401) reauth.ask(retry);
      else setSaveError(errorMessage(caught));
    }
    return true;
  }

  async function save(body: Record<string, unknown>) {
    setPending(null);
    setBusy(true);
    setSaveError(null);
    try {
      const api = entityApi(entity.name);
      const stored =
        mode === 'add'
          ? await api.create(body)
          : await api.update(record!.id, body, { ifMatch: version.current });
      if (record) forgetRow(entity.name, record.id);
      saved.current = true;
      const elsewhere = mode === 'add' && options.afterCreate ? await options.afterCreate(stored) : null;
      if (elsewhere) return void (await navigate(elsewhere.to, { state: elsewhere.state }));
      const text = successMessage(entity.name, mode === 'add' ? 'created' : 'updated');
      const savedId = typeof stored.id === 'number' ? stored.id : (record?.id ?? null);
      await navigate(back, { state: { flash: text ? { kind: 'success', text } : null, savedId } });
    } catch (error) {
      setBusy(false);
      if (await intercepted(error, 'save', () => void save(body))) return;
      setSaveError(`${saveFailedMessage(entity, mode)} ${errorMessage(error)}`);
      setProblems({ message: null, fieldErrors: labelFieldErrors(entity, serverFieldErrors(error)) });
    }
  }

  async function submit() {
    if (busy) return;
    const body = toBody(values);
    // Busy while the schemas load (at once when preloaded): a second click sends nothing twice.
    setBusy(true);
    let found: FormProblems | null;
    try {
      found = await validateForm(entity, mode, values, body);
    } catch (error) {
      setBusy(false);
      return setSaveError(`${saveFailedMessage(entity, mode)} ${errorMessage(error)}`);
    }
    setBusy(false);
    setProblems(found);
    setSaveError(null);
    setConflict(null);
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
      await entityApi(entity.name).remove(record!.id, { ifMatch: version.current });
      forgetRow(entity.name, record!.id);
      saved.current = true;
      const text = successMessage(entity.name, 'deleted');
      await navigate(back, { state: { flash: text ? { kind: 'success', text } : null } });
    } catch (error) {
      setBusy(false);
      if (await intercepted(error, 'delete', () => void remove())) return;
      setSaveError(errorMessage(error));
    }
  }

  /** Take their version: their values, with this form's edits where they did not change the field. */
  function reload() {
    if (!conflict) return;
    const stored = initialOf(conflict.theirs);
    version.current = conflict.version;
    setValues(mergedValues(stored, start, values));
    setStart(stored);
    setConflict(null);
    if (record) forgetRow(entity.name, record.id);
  }

  /** Keep this form's values and write them over theirs (If-Match: the version just read). */
  function overwrite() {
    if (!conflict) return;
    version.current = conflict.version;
    setConflict(null);
    if (conflict.action === 'delete') void remove();
    else void save(toBody(values));
  }

  return {
    values,
    set: (name: string, value: FormValue) => setValues((current) => ({ ...current, [name]: value })),
    problems,
    saveError,
    busy,
    dirty,
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
    conflict,
    reload,
    overwrite,
    reauth,
  };
}

export type EntityFormState = ReturnType<typeof useEntityForm>;
