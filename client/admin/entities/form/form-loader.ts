import { data, type LoaderFunctionArgs } from 'react-router';
import type { AnyEntity, EntityName } from '#shared/entities/index.ts';
import { ApiError } from '#shared/api-client/index.ts';
import { recordVersion } from '#shared/record-version.ts';
import { entityApi, errorMessage, inBrowser, isServerFailure, type Row } from '../entity-api.ts';
import { loadFailedMessage } from '../messages.ts';
import { cachedRow } from '../row-cache.ts';
import { loadAllOptions, optionOf, SELECT_REFERENCES, type Option } from '../fields/references.ts';
import { loadLinkedGroups } from '../level-form/linked-groups.ts';
import type { FormMode } from './form-values.ts';

export interface FormData {
  /** The record being edited; null when adding or when loading failed. */
  record: Row | null;
  /** Its version (ETag), sent back as If-Match on save and delete; null when unknown. */
  version: string | null;
  /** 'Error loading user: {error}', shown in place of the form. */
  loadError: string | null;
  /** Field → every record of the related small table (language and stage selects). */
  options: Record<string, Option[]>;
  /** Field → the related record the edited one points at (pickers, read-only ids). */
  references: Record<string, Option>;
  /** What an entity's own form shows besides the record (FORM_EXTRAS); {} when it failed to load. */
  extras: FormExtras;
}

export interface FormExtras {
  /** A level's linked letter groups (the workbench's picker starts with them). */
  linkedGroups?: Option[];
}

/**
 * Data a form of one entity shows besides its record, loaded with it (server-rendered). Optional:
 * a failure leaves it out and the form copes (the workbench then judges with the stored links).
 */
const FORM_EXTRAS: Partial<Record<EntityName, (record: Row, context: unknown) => Promise<FormExtras>>> = {
  level: async (record, context) => ({ linkedGroups: await loadLinkedGroups(Number(record.id), context) }),
};

async function loadExtras(entity: AnyEntity, record: Row | null, context: unknown): Promise<FormExtras> {
  const load = record ? FORM_EXTRAS[entity.name] : undefined;
  return load ? load(record!, context).catch(() => ({})) : {};
}

/**
 * The record to edit: from the list this tab loaded last when the entity allows it (SPEC §2), else
 * fetched by id (always for user-level and letter-group-word, `panel.loadById`).
 */
async function loadRecord(
  entity: AnyEntity,
  rawId: string | undefined,
  context: unknown,
): Promise<{ record: Row; version: string | null }> {
  const id = Number(rawId);
  if (!/^\d{1,10}$/.test(rawId ?? '') || id < 1) throw new Error(`"${rawId ?? ''}" is not a valid id`);
  const cached = !entity.panel.loadById && inBrowser() ? cachedRow(entity.name, id) : undefined;
  // A row from the list: its version is computed as the API computes it (the values' hash).
  if (cached) return { record: cached, version: recordVersion(entity, cached) };
  return entityApi(entity.name, context).getVersioned(id);
}

async function loadOptions(entity: AnyEntity, context: unknown): Promise<Record<string, Option[]>> {
  const fields = Object.entries(entity.fields).filter(
    ([, field]) => field.kind === 'fk' && field.references && SELECT_REFERENCES.has(field.references),
  );
  const loaded = await Promise.all(
    fields.map(async ([name, field]) => [name, await loadAllOptions(field.references!, context)] as const),
  );
  return Object.fromEntries(loaded);
}

/** Labels of the large-table records a record points at; a missing one just shows its id. */
async function loadReferences(entity: AnyEntity, record: Row | null, context: unknown) {
  if (!record) return {};
  const fields = Object.entries(entity.fields).filter(
    ([name, field]) =>
      field.kind === 'fk' &&
      field.references &&
      !SELECT_REFERENCES.has(field.references) &&
      typeof record[name] === 'number',
  );
  const loaded = await Promise.all(
    fields.map(([name, field]) =>
      optionOf(field.references!, record[name] as number, context).then(
        (option) => [name, option] as const,
        () => null,
      ),
    ),
  );
  return Object.fromEntries(loaded.filter((entry) => entry !== null));
}

/**
 * SPEC §2's 'Error loading user: {error}' shows in place of the form when the record cannot be
 * loaded (a wrong id, a record gone). When the server itself failed, the panel's error screen
 * takes over instead, with the same message, the status and the request id to report.
 */
function serverFailure(entity: AnyEntity, error: unknown): never {
  const status = error instanceof ApiError && error.status !== null ? error.status : 502;
  const requestId = error instanceof ApiError ? (error.requestId ?? null) : null;
  const message = loadFailedMessage(entity, errorMessage(error));
  throw data({ message, requestId }, { status, statusText: 'Server failure' });
}

export function formLoader(entity: AnyEntity, mode: FormMode) {
  return async ({ params, context }: LoaderFunctionArgs): Promise<FormData> => {
    try {
      const loaded = mode === 'edit' ? await loadRecord(entity, params.id, context) : null;
      const record = loaded?.record ?? null;
      const [options, references, extras] = await Promise.all([
        loadOptions(entity, context),
        loadReferences(entity, record, context),
        loadExtras(entity, record, context),
      ]);
      return { record, version: loaded?.version ?? null, loadError: null, options, references, extras };
    } catch (error) {
      if (isServerFailure(error)) serverFailure(entity, error);
      return {
        record: null,
        version: null,
        loadError: loadFailedMessage(entity, errorMessage(error)),
        options: {},
        references: {},
        extras: {},
      };
    }
  };
}
