import {
  defineEntity,
  ID,
  IS_ACTIVE,
  ACTIVE_FILTER,
  LANGUAGE_ID,
  STAGE_ID,
  EDITABLE_WITH_BULK_OPERATIONS,
} from './define.ts';

export const letterGroup = defineEntity({
  name: 'letter-group',
  resource: 'letter-groups',
  table: 'letterGroups',
  label: 'Letter Group',
  labelPlural: 'Letter Groups',
  fields: {
    id: ID,
    isActive: IS_ACTIVE,
    letters: { kind: 'text', label: 'Letters', required: true, format: 'letter-group', max: 400 },
    languageId: LANGUAGE_ID,
    stageId: STAGE_ID,
  },
  columns: [
    { field: 'isActive', label: 'Is Active?' },
    { field: 'letters', label: 'Letters' },
    { field: 'languageId', label: 'Language ID' },
    { field: 'stageId', label: 'Stage ID' },
  ],
  filters: [
    ACTIVE_FILTER,
    { field: 'letters', kind: 'text', label: 'Letters' },
    { field: 'languageId', kind: 'id', label: 'Language ID' },
    { field: 'stageId', kind: 'id', label: 'Stage ID' },
  ],
  operations: EDITABLE_WITH_BULK_OPERATIONS,
  naturalKey: ['languageId', 'stageId', 'letters'],
  sortable: ['isActive', 'letters', 'languageId', 'stageId'],
  title: (row) => String(row.letters),
  panel: { add: true, delete: true, confirmDelete: true, confirmSave: true, loadById: false },
  access: 'content',
  language: { field: 'languageId' },
});
