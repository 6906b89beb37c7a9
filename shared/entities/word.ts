import {
  defineEntity,
  ID,
  IS_ACTIVE,
  ACTIVE_FILTER,
  LANGUAGE_ID,
  EDITABLE_WITH_BULK_OPERATIONS,
} from './define.ts';

export const word = defineEntity({
  name: 'word',
  resource: 'words',
  table: 'words',
  label: 'Word',
  labelPlural: 'Words',
  fields: {
    id: ID,
    isActive: IS_ACTIVE,
    letters: { kind: 'text', label: 'Letters', required: true, format: 'word', max: 400 },
    languageId: LANGUAGE_ID,
  },
  columns: [
    { field: 'isActive', label: 'Is Active?' },
    { field: 'letters', label: 'Letters' },
    { field: 'languageId', label: 'Language ID' },
  ],
  filters: [
    ACTIVE_FILTER,
    { field: 'letters', kind: 'text', label: 'Letters' },
    { field: 'languageId', kind: 'id', label: 'Language ID' },
  ],
  operations: EDITABLE_WITH_BULK_OPERATIONS,
  naturalKey: ['languageId', 'letters'],
  sortable: ['isActive', 'letters', 'languageId'],
  title: (row) => String(row.letters),
  panel: { add: true, delete: true, confirmDelete: true, confirmSave: true, loadById: false },
  access: 'content',
  language: { field: 'languageId' },
});
