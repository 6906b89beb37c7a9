import { defineEntity, ID } from './define.ts';

/** A word a letter group can build. */
export const letterGroupWord = defineEntity({
  name: 'letter-group-word',
  resource: 'letter-group-words',
  table: 'letterGroupWords',
  label: 'Letter Group-Word',
  labelPlural: 'Letter Group-Words',
  fields: {
    id: ID,
    letterGroupId: {
      kind: 'fk',
      label: 'Letter Group',
      references: 'letter-group',
      required: true,
      aliases: ['idLetterGroup'],
    },
    wordId: {
      kind: 'fk',
      label: 'Word',
      references: 'word',
      required: true,
      fixedOnEdit: true,
      aliases: ['idWord'],
    },
  },
  columns: [
    { field: 'letterGroupId', label: 'Letter Group ID' },
    { field: 'wordId', label: 'Word ID' },
  ],
  filters: [
    { field: 'letterGroupId', kind: 'id', label: 'Letter group ID' },
    { field: 'wordId', kind: 'id', label: 'Word ID' },
  ],
  operations: {
    search: 'contract',
    get: 'contract',
    create: 'extension',
    update: 'contract',
    delete: 'contract',
    bulk: 'extension',
  },
  naturalKey: ['letterGroupId', 'wordId'],
  sortable: ['letterGroupId', 'wordId'],
  panel: { add: false, delete: false, confirmDelete: true, confirmSave: false, loadById: true },
  access: 'content',
  language: {
    through: [
      { field: 'letterGroupId', entity: 'letter-group' },
      { field: 'wordId', entity: 'word' },
    ],
  },
});
