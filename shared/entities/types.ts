import type { z } from 'zod';

/**
 * The vocabulary every entity description is written in. The content API (store, router, OpenAPI),
 * the panel (lists, filters, forms) and the CLI all read the same descriptions, so an entity's
 * fields, filters and operations are stated once, in `shared/entities/<entity>.ts`.
 */

/**
 * Panel route segment of each content entity (`/argusma-words-panel/{name}`), also its key. The
 * audit log (`audit-entry`) is described the same way but is read-only and not a panel route of SPEC §2.
 */
export type EntityName =
  | 'audit-entry'
  | 'level'
  | 'user'
  | 'user-level'
  | 'language'
  | 'letter-group'
  | 'letter-group-level'
  | 'letter-group-word'
  | 'stage'
  | 'word';

/**
 * - `id`: the row's own id (read-only) · `fk`: id of a row of `references`
 * - `int`: whole number · `number`: any finite number · `bool` · `text`
 * - `timestamp`: ISO-8601 text on the wire · `json`: any JSON value (audit log only)
 */
export type FieldKind = 'id' | 'fk' | 'int' | 'number' | 'bool' | 'text' | 'timestamp' | 'json';

export interface FieldDescription {
  readonly kind: FieldKind;
  /** Form label. */
  readonly label: string;
  /** Must be present when creating (there is no default). */
  readonly required?: boolean;
  /** Maintained by the server (ids, timestamps, 2FA state): ignored when sent in a body. */
  readonly readOnly?: boolean;
  /** Shown but not editable in the panel's edit form (the API still accepts it). */
  readonly fixedOnEdit?: boolean;
  /** `null` is a valid value. */
  readonly nullable?: boolean;
  /** Stored when a create omits the field (the database applies the same default). */
  readonly default?: string | number | boolean | null;
  /** Other names accepted in request bodies and filters, e.g. `idLanguage` for `languageId`. */
  readonly aliases?: readonly string[];
  /** For `fk`: the entity pointed at. */
  readonly references?: EntityName;
  /** Bounds: value for `int`/`number`, length for `text`. */
  readonly min?: number;
  readonly max?: number;
  /**
   * `email`: an e-mail address. `word`: one word, stored as `parseWord` gives it (trimmed, lower
   * case, NFC, one alphabet). `letter-group`: letters as `parseLetterGroup` gives them ("P, T, O" →
   * "pto"; any other character is refused). Every text is first cleaned by text-rules.ts.
   * `check-condition`: a level's condition that `parseCheckCondition` fully understands.
   * `username`: a name people are known by, under the rule of shared/names.ts (NFKC; no control,
   * format or other invisible character inside).
   */
  readonly format?: 'email' | 'word' | 'letter-group' | 'check-condition' | 'username';
  /**
   * Part of the natural key compared ignoring case ("english" and "English" are one language): by
   * the API's check, by bulk upserts, and by the database's unique index on `lower(column)`.
   */
  readonly foldCase?: boolean;
  /** The only accepted values of a `text` field. */
  readonly choices?: readonly string[];
}

export type FieldMap = Readonly<Record<string, FieldDescription>>;

/** One column of a panel list, with its SPEC §2 header. */
export interface ColumnDescription<K extends string = string> {
  readonly field: K;
  readonly label: string;
}

/**
 * One filter of a list (SPEC §2). The query parameter is the field's name (its aliases work too).
 * `text` matches case-insensitively anywhere in the value; `id` and `number` match exactly; `bool`
 * takes `true`/`false`, and `options` are the labels of the panel's select; `choice` is one of
 * `choices`, exactly.
 */
export interface FilterDescription<K extends string = string> {
  readonly field: K;
  readonly kind: 'text' | 'number' | 'id' | 'bool' | 'choice';
  readonly label: string;
  readonly options?: { readonly all: string; readonly true: string; readonly false: string };
  readonly choices?: readonly string[];
  /**
   * A text column with few distinct values (the audit log's usernames): "contains" is matched on
   * those values, read by an index skip-scan, rather than through a trigram index every insert
   * would pay for (migration 0015).
   */
  readonly fewValues?: boolean;
  /**
   * A `choice` filter over a field holding several of its choices, space-separated (a word's
   * flags): matches rows holding this one, through a partial index per choice (migration 0026).
   */
  readonly oneOfMany?: boolean;
}

export type Operation = 'search' | 'get' | 'create' | 'update' | 'delete' | 'bulk';

/** `contract`: listed in SPEC §7. `extension`: added by this implementation (documented in OpenAPI). */
export type OperationOrigin = 'contract' | 'extension';

/** How the panel treats the entity (SPEC §2 and §8): which buttons exist, which steps confirm. */
export interface PanelBehaviour {
  /** An 'Add New' button and an `/add` route. */
  readonly add: boolean;
  /** A Delete action in the list. */
  readonly delete: boolean;
  /** Delete asks 'Are you sure?' first. */
  readonly confirmDelete: boolean;
  /** Saving an edit asks for confirmation first. */
  readonly confirmSave: boolean;
  /** The edit form loads the record by id (instead of taking it from the loaded list). */
  readonly loadById: boolean;
}

export interface EntityDescription<F extends FieldMap = FieldMap> {
  readonly name: EntityName;
  /** API path segment: `/arguscreative/{product}/{resource}/cms/...`. */
  readonly resource: string;
  /** Kysely table name (camelCase of the snake_case SQL table). */
  readonly table: string;
  /** Singular and plural, title case: 'Letter Group', 'Letter Groups'. */
  readonly label: string;
  readonly labelPlural: string;
  readonly fields: F;
  readonly columns: readonly ColumnDescription<keyof F & string>[];
  readonly filters: readonly FilterDescription<keyof F & string>[];
  readonly operations: Readonly<Partial<Record<Operation, OperationOrigin>>>;
  /** Fields that together identify a row besides its id (unique); bulk upserts match on them. */
  readonly naturalKey: readonly (keyof F & string)[] | null;
  /** Timestamps the server maintains; with `deleted`, DELETE is soft (the row is kept). */
  readonly timestamps?: {
    readonly created?: keyof F & string;
    readonly updated?: keyof F & string;
    readonly deleted?: keyof F & string;
  };
  /** A number a create may omit: the next free one among rows sharing the `within` fields. */
  readonly sequence?: { readonly field: keyof F & string; readonly within: readonly (keyof F & string)[] };
  /** Search order by id: ascending (default) or newest first. */
  readonly order?: 'asc' | 'desc';
  /**
   * Fields a list may be sorted by besides `id` (`?sort=field[:desc]`). Each has an index that
   * starts with it (checked by tests/api/list-sort.test.ts), so a sorted page never sorts the table.
   */
  readonly sortable?: readonly (keyof F & string)[];
  /**
   * What a person calls a row (a stage "4 · ABCDE", a word's letters): list cells of foreign keys,
   * pickers and confirmations show it. Without one, the row is its id. `fk(field)` is the title of
   * the row a foreign key points at, when known (else `#id`).
   */
  readonly title?: (row: Readonly<Record<string, unknown>>, fk: (field: string) => string) => string;
  readonly panel: PanelBehaviour;
  /**
   * Who may reach the rows (shared/permissions.ts): `content` is for editors (and viewers, to read);
   * `administration` (players, their results, the audit log) for administrators only.
   */
  readonly access: 'content' | 'administration';
  /**
   * Which language a row belongs to, for an account limited to some languages: the row's own id
   * (a language), one of its fields, or the languages of the rows its foreign keys point at (a
   * link belongs to both sides' languages).
   */
  readonly language?: LanguageOfRow;
}

export type LanguageOfRow =
  | { readonly self: true }
  | { readonly field: string }
  | { readonly through: readonly { readonly field: string; readonly entity: EntityName }[] }
  /** The audit log: an entry belongs to the languages of the row it is about (while it is stored). */
  | { readonly audited: true }
  /** Every language's (stages): read by any account, changed only by those with every language. */
  | { readonly shared: true };

// ---- Types of the values and of the zod schemas derived from a field map ----

type BaseValue<D extends FieldDescription> = D['kind'] extends 'bool'
  ? boolean
  : D['kind'] extends 'text' | 'timestamp'
    ? string
    : D['kind'] extends 'json'
      ? unknown
      : number;

/** The wire value of a field. */
export type FieldValue<D extends FieldDescription> =
  BaseValue<D> | (D extends { nullable: true } ? null : never);

type WritableKeys<F extends FieldMap> = {
  [K in keyof F]: F[K] extends { readOnly: true } ? never : K;
}[keyof F] &
  string;

type MandatoryKeys<F extends FieldMap> = {
  [K in keyof F]: F[K] extends { required: true } ? K : never;
}[keyof F] &
  string;

export type CreateShape<F extends FieldMap> = {
  [K in WritableKeys<F>]: K extends MandatoryKeys<F>
    ? z.ZodType<FieldValue<F[K]>>
    : z.ZodOptional<z.ZodType<FieldValue<F[K]>>>;
};

export type UpdateShape<F extends FieldMap> = {
  [K in WritableKeys<F>]: z.ZodOptional<z.ZodType<FieldValue<F[K]>>>;
};

export type RecordShape<F extends FieldMap> = { [K in keyof F & string]: z.ZodType<FieldValue<F[K]>> };

/** A row as the API answers it. */
export type EntityRecord<F extends FieldMap> = { [K in keyof F & string]: FieldValue<F[K]> };

export interface EntitySchemas<F extends FieldMap> {
  /** Body of POST (and of each bulk row): required fields present, the rest optional. */
  readonly create: z.ZodObject<CreateShape<F>>;
  /** Body of PUT: any writable fields; the ones left out keep their stored value. */
  readonly update: z.ZodObject<UpdateShape<F>>;
  /** A row as answered. */
  readonly record: z.ZodObject<RecordShape<F>>;
}

/** Any entity's schemas, for code over many entities (`schemasOf` in schemas.ts builds them). */
export interface AnyEntitySchemas {
  readonly create: z.ZodType;
  readonly update: z.ZodType;
  readonly record: z.ZodType;
}

/** A described entity; its zod schemas come from `schemasOf` (schemas.ts), loaded where needed. */
export type Entity<F extends FieldMap> = EntityDescription<F>;

/** Any entity, for code that works from the description alone (store, router, OpenAPI, panel lists). */
export type AnyEntity = EntityDescription;
