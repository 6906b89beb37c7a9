import { defineEntity, ID } from './define.ts';

/** Resource names an audit entry can be about (the nine content resources). */
export const AUDITED_RESOURCES = [
  'levels',
  'users',
  'user-levels',
  'languages',
  'letter-groups',
  'letter-group-levels',
  'letter-group-words',
  'stages',
  'words',
  // The Team screen's changes (issue 33): accounts and API tokens. Read here; never reverted.
  'accounts',
  'api-tokens',
  // Releases (issue 45): publishes, rollbacks, widenings and schedules. Read here; never reverted.
  'releases',
  'release-schedules',
] as const;

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'publish',
  'rollback',
  'widen',
  'schedule',
  'cancel',
] as const;

/**
 * One change made through the content API: who (from the access token), when, from which IP, to
 * which row, and the changed fields before and after (`before` is null for a create, `after` for a
 * hard delete), and the change set it belongs to. Written by the server only.
 */
export const auditEntry = defineEntity({
  name: 'audit-entry',
  resource: 'audit',
  table: 'auditLog',
  label: 'Audit Entry',
  labelPlural: 'Audit Entries',
  fields: {
    id: ID,
    at: { kind: 'timestamp', label: 'When', readOnly: true },
    userId: { kind: 'int', label: 'User ID', readOnly: true, nullable: true },
    username: { kind: 'text', label: 'Username', readOnly: true },
    ip: { kind: 'text', label: 'IP', readOnly: true },
    entity: { kind: 'text', label: 'Entity', readOnly: true, choices: AUDITED_RESOURCES },
    entityId: { kind: 'int', label: 'Entity ID', readOnly: true },
    action: { kind: 'text', label: 'Action', readOnly: true, choices: AUDIT_ACTIONS },
    before: { kind: 'json', label: 'Before', readOnly: true, nullable: true },
    after: { kind: 'json', label: 'After', readOnly: true, nullable: true },
    /** The change set (a CLI run) the write belonged to; null for the panel and plain API clients. */
    changeSetId: { kind: 'text', label: 'Change Set', readOnly: true, nullable: true },
  },
  columns: [
    { field: 'at', label: 'When' },
    { field: 'username', label: 'Username' },
    { field: 'ip', label: 'IP' },
    { field: 'action', label: 'Action' },
    { field: 'entity', label: 'Entity' },
    { field: 'entityId', label: 'Entity ID' },
    { field: 'before', label: 'Before' },
    { field: 'after', label: 'After' },
  ],
  filters: [
    { field: 'entity', kind: 'choice', label: 'Entity', choices: AUDITED_RESOURCES },
    { field: 'entityId', kind: 'id', label: 'Entity ID' },
    { field: 'username', kind: 'text', label: 'Username', fewValues: true },
    { field: 'action', kind: 'choice', label: 'Action', choices: AUDIT_ACTIONS },
  ],
  operations: { search: 'extension', get: 'extension' },
  naturalKey: null,
  order: 'desc',
  panel: { add: false, delete: false, confirmDelete: false, confirmSave: false, loadById: true },
  // Editors and viewers read the history of the content tables (and, when limited, of their
  // languages' rows); players' and the team's entries are for administrators.
  access: 'content',
  language: { audited: true },
});
