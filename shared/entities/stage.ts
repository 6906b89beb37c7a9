import { defineEntity, ID, IS_ACTIVE, ACTIVE_FILTER, EDITABLE_WITH_BULK_OPERATIONS } from './define.ts';
import { MAX_WORD_LETTERS } from '../words.ts';

export const stage = defineEntity({
  name: 'stage',
  resource: 'stages',
  table: 'stages',
  label: 'Stage',
  labelPlural: 'Stages',
  fields: {
    id: ID,
    isActive: IS_ACTIVE,
    /** Shown in the level form's stage select. */
    letters: { kind: 'text', label: 'Letters', default: '', max: 200 },
    letterCount: { kind: 'int', label: 'Letter Count', required: true, min: 1, max: MAX_WORD_LETTERS },
    number: { kind: 'int', label: 'Number', required: true, min: 0 },
  },
  columns: [
    { field: 'isActive', label: 'Is Active?' },
    { field: 'letterCount', label: 'Letter Count' },
    { field: 'number', label: 'Number' },
  ],
  filters: [
    ACTIVE_FILTER,
    { field: 'letterCount', kind: 'number', label: 'Letter count' },
    { field: 'number', kind: 'number', label: 'Number' },
  ],
  operations: EDITABLE_WITH_BULK_OPERATIONS,
  naturalKey: ['number'],
  sortable: ['isActive', 'letterCount', 'number'],
  title: (row) => (row.letters ? `${String(row.number)} · ${String(row.letters)}` : String(row.number)),
  panel: { add: true, delete: true, confirmDelete: true, confirmSave: true, loadById: false },
  access: 'content',
  // A stage is every language's: an account limited to some languages reads stages, never changes them.
  language: { shared: true },
});
