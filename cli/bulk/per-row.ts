import { naturalKeyOf } from '#shared/entities/natural-key.ts';
import { ApiError, type ApiClient } from '#shared/api-client/index.ts';
import type { AnyEntity } from '#shared/entities/index.ts';
import { parseEntityInput } from '#shared/entities/input.ts';
import type { BulkRowResult } from '#shared/entities/bulk.ts';
import { CONCURRENCY, mapLimited } from './limited.ts';

type Values = Record<string, unknown>;

/**
 * The bulk upsert done with the contract's own calls, for a backend without `{resource}/cms/bulk`:
 * the rows already stored are read once (narrowed by the key fields all rows share, e.g. the
 * language of an import), then each row is created (POST), updated with the fields that differ
 * (PUT) or left alone, several at a time. Statuses and rejections match the bulk endpoint's; a dry
 * run reads only.
 */
export class PerRowUpserter {
  private index: Map<string, Values> | null = null;

  constructor(
    private readonly api: ApiClient,
    private readonly entity: AnyEntity,
    /** Every row of the job, to find the key values they all share. */
    private readonly allRows: readonly Values[],
  ) {}

  async upsert(rows: readonly Values[], dryRun: boolean, onRow: () => void): Promise<BulkRowResult[]> {
    const index = this.index ?? (this.index = await this.load());
    const chains = new Map<string, Promise<unknown>>();
    return mapLimited(rows, CONCURRENCY, async (row, position) => {
      const parsed = parseEntityInput(this.entity, 'create', row);
      if (!parsed.ok) {
        onRow();
        return {
          index: position,
          status: 'rejected',
          reason: parsed.message,
          fieldErrors: parsed.fieldErrors,
        };
      }
      const input = parsed.value as Values;
      const key = keyOf(this.entity, input);
      // Rows with the same key run one after the other, in order, like the bulk endpoint's.
      const previous = key === null ? undefined : chains.get(key);
      const result = (previous ?? Promise.resolve()).then(() =>
        this.one(index, key, input, position, dryRun),
      );
      if (key !== null)
        chains.set(
          key,
          result.catch(() => undefined),
        );
      const done = await result;
      onRow();
      return done;
    });
  }

  private async one(
    index: Map<string, Values>,
    key: string | null,
    input: Values,
    position: number,
    dryRun: boolean,
  ): Promise<BulkRowResult> {
    const resource = this.api.resource(this.entity.name);
    const existing = key === null ? undefined : index.get(key);
    try {
      if (existing) {
        const changes = Object.fromEntries(
          Object.entries(input).filter(
            ([name, value]) => JSON.stringify(existing[name]) !== JSON.stringify(value),
          ),
        );
        if (Object.keys(changes).length === 0)
          return { index: position, status: 'unchanged', id: existing.id as number };
        const record = dryRun
          ? { ...existing, ...changes }
          : ((await resource.update(existing.id as number, changes)) as Values);
        index.set(key!, record);
        return { index: position, status: 'updated', id: record.id as number };
      }
      const record = dryRun ? this.wouldCreate(input) : ((await resource.create(input)) as Values);
      if (key !== null) index.set(key, record);
      return { index: position, status: 'created', ...(dryRun ? {} : { id: record.id as number }) };
    } catch (error) {
      if (
        !(error instanceof ApiError) ||
        error.status === null ||
        error.status >= 500 ||
        error.status === 401
      ) {
        throw error;
      }
      const fieldErrors = Object.keys(error.fieldErrors).length > 0 ? { fieldErrors: error.fieldErrors } : {};
      return { index: position, status: 'rejected', reason: error.message, ...fieldErrors };
    }
  }

  /** What a create would store: the row with the defaults of the fields it leaves out. */
  private wouldCreate(input: Values): Values {
    const record: Values = {};
    for (const [name, field] of Object.entries(this.entity.fields)) {
      if (!field.readOnly) record[name] = input[name] ?? field.default ?? null;
    }
    return record;
  }

  /**
   * Stored rows by natural key. Reading is narrowed by the filterable key field with the fewest
   * distinct values among the rows (the language of a word import, the letter groups of a link
   * build): one listing per value, as long as there are few of them.
   */
  private async load(): Promise<Map<string, Values>> {
    const inputs = this.allRows
      .map((row) => parseEntityInput(this.entity, 'create', row))
      .flatMap((parsed) => (parsed.ok ? [parsed.value as Values] : []));
    let narrowest: { name: string; values: unknown[] } | null = null;
    for (const name of this.entity.naturalKey ?? []) {
      if (!this.entity.filters.some((filter) => filter.field === name)) continue;
      const values = [...new Set(inputs.map((input) => input[name]))];
      if (!narrowest || values.length < narrowest.values.length) narrowest = { name, values };
    }
    const listings =
      narrowest && narrowest.values.length <= MAX_LISTINGS
        ? narrowest.values.map((value) => ({ [narrowest.name]: value as string | number | boolean }))
        : [{}];
    const index = new Map<string, Values>();
    const resource = this.api.resource(this.entity.name);
    for (const filters of listings) {
      for await (const record of resource.searchAll({ filters, size: 100 })) {
        const key = keyOf(this.entity, record as Values);
        if (key !== null) index.set(key, record as Values);
      }
    }
    return index;
  }
}

/** Separate listings worth making instead of reading the whole table. */
const MAX_LISTINGS = 50;

/** The shared natural key (case-folded where the entity says so, as the API compares it). */
const keyOf = (entity: AnyEntity, values: Values): string | null => naturalKeyOf(entity, values);
