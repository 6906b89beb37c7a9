import {
  defineEntity,
  ID,
  IS_ACTIVE,
  ACTIVE_FILTER,
  LANGUAGE_ID,
  EDITABLE_WITH_BULK_OPERATIONS,
} from './define.ts';
import { DECISIONS, WORD_FLAGS } from '../dictionary.ts';

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
    // Issue 46: kept by the server (dictionary findings, and a content manager's decision on them).
    flags: { kind: 'text', label: 'Flags', readOnly: true, nullable: true, aliases: ['flag'] },
    decision: { kind: 'text', label: 'Decision', readOnly: true, nullable: true, choices: DECISIONS },
    decisionReason: { kind: 'text', label: 'Decision reason', readOnly: true, nullable: true },
  },
  columns: [
    { field: 'isActive', label: 'Is Active?' },
    { field: 'letters', label: 'Letters' },
    { field: 'languageId', label: 'Language ID' },
    { field: 'flags', label: 'Flags' },
  ],
  filters: [
    ACTIVE_FILTER,
    { field: 'letters', kind: 'text', label: 'Letters' },
    { field: 'languageId', kind: 'id', label: 'Language ID' },
    { field: 'flags', kind: 'choice', label: 'Flag', choices: WORD_FLAGS, oneOfMany: true },
  ],
  operations: EDITABLE_WITH_BULK_OPERATIONS,
  naturalKey: ['languageId', 'letters'],
  sortable: ['isActive', 'letters', 'languageId'],
  title: (row) => String(row.letters),
  panel: { add: true, delete: true, confirmDelete: true, confirmSave: true, loadById: false },
  access: 'content',
  language: { field: 'languageId' },
});
