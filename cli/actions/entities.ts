import { readFile } from 'node:fs/promises';
import type { AnyEntity } from '#shared/entities/index.ts';
import type { ListOptions, WriteOptions } from '../commands/entities.ts';
import type { Connection } from '../connection.ts';
import { canPrompt, UsageError } from '../context.ts';
import { bodyFromAssignments, chosenFields, filtersFromAssignments } from '../entities/field-values.ts';
import { csvRows, jsonLines } from '#shared/record-text.ts';
import { formatRecord, formatTable } from '../output.ts';

/** The list columns of the panel (SPEC §2), with the id first. */
function columnsOf(entity: AnyEntity) {
  return [{ field: 'id', label: 'ID' }, ...entity.columns.filter((c) => c.field !== 'id')];
}

function allFields(entity: AnyEntity) {
  return Object.entries(entity.fields).map(([field, description]) => ({ field, label: description.label }));
}

const LIST_FORMATS = ['table', 'json', 'jsonl', 'csv', 'ids', 'count'] as const;

function listFormat(options: { format?: string }, json: boolean): string {
  const format = (options.format ?? (json ? 'json' : 'table')).toLowerCase();
  if (!(LIST_FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`Unknown format "${format}": use ${LIST_FORMATS.join(', ')}`);
  }
  return format;
}

/** Records in a format other than json: the text for stdout. */
function listText(
  entity: AnyEntity,
  format: string,
  fields: string[] | null,
  items: ReadonlyArray<Record<string, unknown>>,
  footer: string,
): string {
  const all = fields ?? Object.keys(entity.fields);
  switch (format) {
    case 'csv':
      return csvRows(all, items, true);
    case 'jsonl':
      return jsonLines(all, items);
    case 'ids':
      return items.map((item) => `${String(item.id)}\n`).join('');
    default: {
      const columns = fields
        ? fields.map((field) => ({ field, label: entity.fields[field]!.label }))
        : columnsOf(entity);
      return formatTable(columns, items) + footer;
    }
  }
}

const picked = (fields: string[] | null) => (item: Record<string, unknown>) =>
  fields ? Object.fromEntries(fields.map((f) => [f, item[f] ?? null])) : item;

/** `--sort field[:asc|:desc]` → the search's sort; the server says which fields are sortable. */
function sortOption(raw: string | undefined): { sort?: { field: string; dir: 'asc' | 'desc' } } {
  if (raw === undefined) return {};
  const match = /^([A-Za-z]+)(?::(asc|desc))?$/.exec(raw.trim());
  if (!match)
    throw new UsageError(`--sort takes a field, then optionally :asc or :desc (not ${JSON.stringify(raw)})`);
  return { sort: { field: match[1]!, dir: match[2] === 'desc' ? 'desc' : 'asc' } };
}

export async function listAction(entity: AnyEntity, options: ListOptions, conn: Connection): Promise<void> {
  await conn.requireLogin();
  if (options.all && options.page !== undefined) throw new UsageError('Give --page or --all, not both.');
  const format = listFormat(options, conn.out.json);
  const fields = options.fields === undefined ? null : chosenFields(entity, options.fields);
  const filters = filtersFromAssignments(entity, options.filter ?? []);
  const sort = sortOption(options.sort);
  const resource = conn.api.resource(entity.name);
  const plural = entity.labelPlural.toLowerCase();
  if (format === 'count') {
    const { totalElements } = await resource.search({ filters, page: 1, size: 1 });
    conn.ctx.stdout.write(`${totalElements}\n`);
    return;
  }
  if (options.all) {
    const items: Record<string, unknown>[] = [];
    for await (const item of resource.searchAll({ filters, size: options.size ?? 100, ...sort }))
      items.push(item);
    if (format === 'json') conn.out.result(items.map(picked(fields)));
    else conn.ctx.stdout.write(listText(entity, format, fields, items, `${items.length} ${plural}\n`));
    return;
  }
  const page = await resource.search({ filters, page: options.page ?? 1, size: options.size ?? 20, ...sort });
  const footer = `Page ${page.page} of ${Math.max(page.totalPages, 1)} (${page.totalElements} ${plural})\n`;
  if (format === 'json') conn.out.result(fields ? { ...page, items: page.items.map(picked(fields)) } : page);
  else conn.ctx.stdout.write(listText(entity, format, fields, page.items, footer));
}

export async function getAction(
  entity: AnyEntity,
  id: number,
  options: { format?: string; fields?: string },
  conn: Connection,
): Promise<void> {
  await conn.requireLogin();
  const format = listFormat(options, conn.out.json);
  if (format === 'count')
    throw new UsageError('get shows one record: use --format table, json, jsonl, csv or ids');
  const fields = options.fields === undefined ? null : chosenFields(entity, options.fields);
  const { record, version } = await conn.api.resource(entity.name).getVersioned(id);
  // Never part of the result: for `update`/`delete --if-match`, so they change only what was read.
  if (version) conn.out.note(`Version ${version}`);
  if (format === 'json') conn.out.result(picked(fields)(record));
  else if (format === 'table') {
    const described = fields
      ? fields.map((field) => ({ field, label: entity.fields[field]!.label }))
      : allFields(entity);
    conn.ctx.stdout.write(formatRecord(described, record));
  } else conn.ctx.stdout.write(listText(entity, format, fields, [record], ''));
}

/** The body of create/update: the JSON file's fields, then the `--set` ones over them. */
async function bodyOf(entity: AnyEntity, options: WriteOptions): Promise<Record<string, unknown>> {
  let fromFile: unknown = {};
  if (options.file) {
    const text = await readFile(options.file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new UsageError(`Cannot read ${options.file}: ${error.code ?? error.message}`);
    });
    try {
      fromFile = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`${options.file} is not valid JSON: ${(error as Error).message}`);
    }
    if (typeof fromFile !== 'object' || fromFile === null || Array.isArray(fromFile)) {
      throw new UsageError(`${options.file} must hold one JSON object of fields`);
    }
  }
  const body = {
    ...(fromFile as Record<string, unknown>),
    ...bodyFromAssignments(entity, options.set ?? []),
  };
  if (Object.keys(body).length === 0)
    throw new UsageError('Nothing to write: give --set key=value or --file.');
  return body;
}

export async function createAction(
  entity: AnyEntity,
  options: WriteOptions,
  conn: Connection,
): Promise<void> {
  await conn.requireLogin();
  const record = await conn.api.resource(entity.name).create(await bodyOf(entity, options));
  conn.out.message(`${entity.label} ${String(record.id)} created.`);
  conn.out.result(record, () => formatRecord(allFields(entity), record));
}

export async function updateAction(
  entity: AnyEntity,
  id: number,
  options: WriteOptions,
  conn: Connection,
): Promise<void> {
  await conn.requireLogin();
  const body = await bodyOf(entity, options);
  const record = await conn.api.resource(entity.name).update(id, body, { ifMatch: options.ifMatch });
  conn.out.message(`${entity.label} ${id} updated.`);
  conn.out.result(record, () => formatRecord(allFields(entity), record));
}

export async function deleteAction(
  entity: AnyEntity,
  id: number,
  options: { yes?: boolean; ifMatch?: string },
  conn: Connection,
): Promise<void> {
  await conn.requireLogin();
  const label = entity.label.toLowerCase();
  if (!options.yes) {
    if (!canPrompt(conn.ctx)) {
      throw new UsageError(`Refusing to delete ${label} ${id} without confirmation: add --yes.`);
    }
    if (!(await conn.ctx.prompter.confirm(`Delete ${label} ${id}?`, false))) {
      conn.out.message('Nothing deleted.');
      return;
    }
  }
  const removed = await conn.api.resource(entity.name).remove(id, { ifMatch: options.ifMatch });
  conn.out.message(`${entity.label} ${removed} deleted.`);
  if (conn.out.json) conn.out.result({ deleted: removed });
}
