import { defineEntity, ID, IS_ACTIVE, ACTIVE_FILTER, EDITABLE_WITH_BULK_OPERATIONS } from './define.ts';

export const language = defineEntity({
  name: 'language',
  resource: 'languages',
  table: 'languages',
  label: 'Language',
  labelPlural: 'Languages',
  fields: {
    id: ID,
    isActive: IS_ACTIVE,
    language: { kind: 'text', label: 'Language', required: true, max: 100, foldCase: true },
  },
  columns: [
    { field: 'isActive', label: 'Is Active?' },
    { field: 'language', label: 'Language' },
  ],
  filters: [ACTIVE_FILTER, { field: 'language', kind: 'text', label: 'Language' }],
  operations: EDITABLE_WITH_BULK_OPERATIONS,
  naturalKey: ['language'],
  sortable: ['isActive', 'language'],
  title: (row) => String(row.language),
  panel: { add: true, delete: true, confirmDelete: true, confirmSave: true, loadById: false },
  access: 'content',
  language: { self: true },
});
