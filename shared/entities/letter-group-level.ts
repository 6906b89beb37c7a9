import { defineEntity, ID } from './define.ts';

/** Which letter groups a level may deal, and whether one was used. */
export const letterGroupLevel = defineEntity({
  name: 'letter-group-level',
  resource: 'letter-group-levels',
  table: 'letterGroupLevels',
  label: 'Letter Group-Level',
  labelPlural: 'Letter Group-Levels',
  fields: {
    id: ID,
    used: { kind: 'bool', label: 'Used', default: false },
    letterGroupId: {
      kind: 'fk',
      label: 'Letter Group',
      references: 'letter-group',
      required: true,
      aliases: ['idLetterGroup'],
    },
    levelId: {
      kind: 'fk',
      label: 'Level',
      references: 'level',
      required: true,
      fixedOnEdit: true,
      aliases: ['idLevel'],
    },
  },
  columns: [
    { field: 'used', label: 'Is it Used?' },
    { field: 'letterGroupId', label: 'Letter Group ID' },
    { field: 'levelId', label: 'Level ID' },
  ],
  filters: [
    { field: 'used', kind: 'bool', label: 'Used', options: { all: 'All', true: 'True', false: 'False' } },
    { field: 'letterGroupId', kind: 'id', label: 'Letter group ID' },
    { field: 'levelId', kind: 'id', label: 'Level ID' },
  ],
  operations: {
    search: 'contract',
    get: 'extension',
    create: 'extension',
    update: 'contract',
    delete: 'contract',
    bulk: 'extension',
  },
  naturalKey: ['letterGroupId', 'levelId'],
  sortable: ['used', 'letterGroupId', 'levelId'],
  panel: { add: false, delete: true, confirmDelete: true, confirmSave: true, loadById: false },
  access: 'content',
  language: {
    through: [
      { field: 'letterGroupId', entity: 'letter-group' },
      { field: 'levelId', entity: 'level' },
    ],
  },
});
