import type { Command } from 'commander';
import { contentEntities, entityByName, type AnyEntity } from '#shared/entities/index.ts';
import type { BulkEditOptions } from '../actions/bulk-edit.ts';
import type { ExportOptions } from '../actions/export.ts';
import type { ImportOptions } from '../actions/import.ts';
import type { Connection } from '../connection.ts';
import { CliError } from '../context.ts';
import { positiveInt } from '../entities/field-values.ts';
import { withPaging } from './paging.ts';

const collect = (value: string, previous: string[] = []) => [...previous, value];

export interface ListOptions {
  filter?: string[];
  format?: string;
  fields?: string;
  page?: number;
  size?: number;
  all?: boolean;
  sort?: string;
}

export interface WriteOptions {
  set?: string[];
  file?: string;
  /** The version `get` showed: the write happens only while the record still has it (else 412). */
  ifMatch?: string;
}

const IF_MATCH_HELP =
  'only if the record is still at this version (the one `get` shows), else nothing changes';

/** An example value for `--set` in help texts: the first required writable field. */
function exampleSet(entity: AnyEntity): string {
  const [name, field] =
    Object.entries(entity.fields).find(([, f]) => f.required && !f.readOnly) ??
    Object.entries(entity.fields).find(([, f]) => !f.readOnly)!;
  const value =
    { bool: 'true', text: 'example', fk: '1', int: '1', number: '1' }[field.kind as string] ?? '1';
  return `${name}=${value}`;
}

/** The subcommands the entity's operations give (bulk is used by the import commands). */
function subcommands(entity: AnyEntity): string[] {
  const names = { search: 'list', get: 'get', create: 'create', update: 'update', delete: 'delete' } as const;
  const given = (Object.keys(names) as Array<keyof typeof names>)
    .filter((op) => entity.operations[op])
    .map((op) => names[op]);
  return [
    ...given,
    ...(entity.operations.search ? ['export'] : []),
    ...(entity.operations.bulk ? ['import'] : []),
  ];
}

/** How a reference may name its row, for the import's help: the first reference field's. */
function exampleReference(entity: AnyEntity): string {
  const ref = Object.entries(entity.fields).find(([, f]) => f.kind === 'fk');
  if (!ref) return '';
  const target =
    ref[1].references === 'stage' ? 'number' : (entityByName(ref[1].references!).naturalKey?.at(-1) ?? 'id');
  return `A reference may name its row by a field of it (e.g. a column ${ref[0].replace(/Id$/, '')}.${target}). `;
}

/** An example `--where` condition: the first filter, with its operator. */
function exampleCondition(entity: AnyEntity): string {
  const filter = entity.filters[0];
  if (!filter) return '';
  if (filter.kind === 'text') return `${filter.field}~abc`;
  return `${filter.field}=${{ bool: 'false', choice: filter.choices?.[0] ?? '' }[filter.kind as string] ?? '1'}`;
}

function exampleFilter(entity: AnyEntity): string {
  const filter = entity.filters[0];
  if (!filter) return '';
  const value =
    { bool: 'true', text: 'abc', choice: filter.choices?.[0] ?? '' }[filter.kind as string] ?? '1';
  return `\n  $ argus-words ${entity.name} list --filter ${filter.field}=${value}`;
}

/**
 * `argus-words <entity> list|get|create|update|delete` for the nine content tables, declared from
 * their descriptions (only the operations an entity allows). The entity's name is the command
 * (`letter-group`), its API resource an alias (`letter-groups`). Returns the commands by entity name
 * so bulk commands (`words import`, `levels import`) can be added to them.
 */
export function registerEntityCommands(program: Command, connection: () => Connection): Map<string, Command> {
  const commands = new Map<string, Command>();
  const actions = () => import('../actions/entities.ts');
  for (const entity of contentEntities) {
    const ops = entity.operations;
    const plural = entity.labelPlural.toLowerCase();
    const label = entity.label.toLowerCase();
    const command = program
      .command(entity.name)
      .alias(entity.resource)
      .description(`${entity.labelPlural}: ${subcommands(entity).join(', ')}.`)
      .addHelpText('after', `\nExample:\n  $ argus-words ${entity.name} list --size 10`);
    commands.set(entity.name, command);

    if (ops.search) {
      const filters = entity.filters.map((f) => f.field).join(', ') || 'none';
      withPaging(
        command
          .command('list')
          .description(`List ${plural}, a page at a time or all of them. Filters: ${filters}.`)
          .option('--filter <key=value>', 'only rows matching (repeatable)', collect),
        'rows',
      )
        .option('--all', 'every page')
        .option(
          '--sort <field[:desc]>',
          `order by a field, then id (sortable: ${['id', ...(entity.sortable ?? [])].join(', ')})`,
        )
        .option('--format <format>', 'table, json, jsonl, csv, ids (one a line) or count (default: table)')
        .option('--fields <a,b>', 'the fields to show, in this order')
        .addHelpText(
          'after',
          `\nExamples:\n  $ argus-words ${entity.name} list --page 2\n  $ argus-words ${entity.name} list --all --json` +
            exampleFilter(entity),
        )
        .action(async (options: ListOptions) => (await actions()).listAction(entity, options, connection()));
    }
    if (ops.search) {
      const hasLanguage = entity.filters.some((f) => f.field === 'languageId');
      const formats =
        entity.name === 'word' ? 'txt (the letters, one a line), csv, json or jsonl' : 'csv, json or jsonl';
      const exporter = command
        .command('export')
        .description(`Write every ${label} the filters match to stdout or a file, streamed: ${formats}.`)
        .option('--filter <key=value>', 'only rows matching, as list does (repeatable)', collect)
        .option('--fields <a,b>', 'the fields to write, in this order (default: all)')
        .option(
          '--format <format>',
          `${formats} (default: from --out, else ${entity.name === 'word' ? 'txt' : 'csv'}; json with --json)`,
        )
        .option('--out <file>', 'write to this file instead of stdout');
      if (hasLanguage)
        exporter.option(
          '--language <id>',
          'only this language (a shortcut for --filter languageId=…)',
          positiveInt('--language'),
        );
      exporter
        .addHelpText(
          'after',
          `\nExample:\n  $ argus-words ${entity.name} export --format csv --out ${entity.resource}.csv`,
        )
        .action(async (options: ExportOptions) =>
          (await import('../actions/export.ts')).exportAction(entity, options, connection()),
        );
    }
    if (ops.bulk) {
      const key = entity.naturalKey ? `, else on (${entity.naturalKey.join(', ')})` : '';
      command
        .command('import')
        .description(
          `Create or update ${plural} from a file as export writes it (csv, json or jsonl): upserts on id${key}. ` +
            exampleReference(entity) +
            'Shows the diff first.',
        )
        .argument('<file>', 'the file (.csv, .json or .jsonl; else told by its first character)')
        .option('--format <format>', 'csv, json or jsonl (default: from the extension, else the content)')
        .option(
          '--dry-run',
          'print the diff (created, updated old → new, rejected with lines); write nothing',
        )
        .option('--yes', 'do not ask for confirmation (required without a terminal)')
        .option('--batch-size <n>', 'rows per request (at most 5000)', positiveInt('--batch-size', 5000))
        .addHelpText(
          'after',
          `\nExamples:\n  $ argus-words ${entity.name} export --format csv --out ${entity.resource}.csv\n` +
            `  $ argus-words ${entity.name} import ${entity.resource}.csv --dry-run\n` +
            `  $ argus-words ${entity.name} import ${entity.resource}.csv --yes`,
        )
        .action(async (file: string, options: ImportOptions) =>
          (await import('../actions/import.ts')).importAction(entity, file, options, connection()),
        );
    }
    if (ops.get) {
      command
        .command('get')
        .description(`Show one ${label}.`)
        .argument('<id>', `the ${label}'s id`, positiveInt('id'))
        .option('--format <format>', 'table, json, jsonl, csv or ids (default: table)')
        .option('--fields <a,b>', 'the fields to show, in this order')
        .addHelpText('after', `\nExample:\n  $ argus-words ${entity.name} get 12 --json`)
        .action(async (id: number, options: { format?: string; fields?: string }) =>
          (await actions()).getAction(entity, id, options, connection()),
        );
    }
    if (ops.create) {
      command
        .command('create')
        .description(`Create a ${label} from --set fields and/or a JSON file (--set wins).`)
        .option('--set <key=value>', 'a field, typed by its kind (repeatable)', collect)
        .option('--file <file.json>', 'a JSON object of fields')
        .addHelpText('after', `\nExample:\n  $ argus-words ${entity.name} create --set ${exampleSet(entity)}`)
        .action(async (options: WriteOptions) =>
          (await actions()).createAction(entity, options, connection()),
        );
    }
    const bulkActions = () => import('../actions/bulk-edit.ts');
    const ids = (raw: string, previous: number[] = []) => [...previous, positiveInt('id')(raw)];
    const manyRows = (sub: Command) =>
      sub
        .option(
          '--where <condition>',
          'rows matching, as list filters: field~text (contains), field=value (repeatable)',
          collect,
        )
        .option(
          '--ids <source>',
          '"-": read the ids from standard input (one a line, or the JSON of list --json)',
        )
        .option('--all-rows', 'with no --where: every row')
        .option('--dry-run', 'show the plan and change nothing')
        .option('--yes', 'do not ask for confirmation (required without a terminal)');
    /** One id and no bulk option: the single-record call, as before. */
    const single = (given: number[], o: BulkEditOptions & { ifMatch?: string }) => {
      const one = given.length === 1 && !o.where && o.ids === undefined && !o.allRows && !o.dryRun;
      if (!one && o.ifMatch !== undefined) throw new CliError('--if-match applies to one id only.');
      return one;
    };
    const example = exampleCondition(entity);
    if (ops.update) {
      manyRows(
        command
          .command('update')
          .description(
            `Change fields of one ${label} (by id) or many (ids, --ids -, --where): many show their plan first.`,
          )
          .argument('[ids...]', `${label} ids`, ids)
          .option('--set <key=value>', 'a field, typed by its kind (repeatable)', collect)
          .option('--file <file.json>', 'a JSON object of fields (one id only)')
          .option('--if-match <version>', IF_MATCH_HELP),
      )
        .addHelpText(
          'after',
          `\nExamples:\n  $ argus-words ${entity.name} update 12 --set ${exampleSet(entity)}` +
            (example
              ? `\n  $ argus-words ${entity.name} update --where ${example} --set ${exampleSet(entity)} --dry-run`
              : ''),
        )
        .action(async (given: number[] = [], options: WriteOptions & BulkEditOptions) =>
          single(given, options)
            ? (await actions()).updateAction(entity, given[0]!, options, connection())
            : (await bulkActions()).bulkEditAction(entity, 'update', given, options, connection()),
        );
    }
    if (ops.delete) {
      manyRows(
        command
          .command('delete')
          .description(`Delete one ${label} or many (ids, --ids -, --where); asks first (--yes to skip).`)
          .argument('[ids...]', `${label} ids`, ids)
          .option('--if-match <version>', IF_MATCH_HELP),
      )
        .addHelpText(
          'after',
          `\nExamples:\n  $ argus-words ${entity.name} delete 12 --yes` +
            (example ? `\n  $ argus-words ${entity.name} delete --where ${example} --dry-run` : ''),
        )
        .action(async (given: number[] = [], options: BulkEditOptions & { ifMatch?: string }) =>
          single(given, options)
            ? (await actions()).deleteAction(entity, given[0]!, options, connection())
            : (await bulkActions()).bulkEditAction(entity, 'delete', given, options, connection()),
        );
    }
  }
  return commands;
}
