import type { EntityName } from '#shared/entities/index.ts';
import { CHANGE_SETS_TAG } from '../changes/declarations.ts';
import { LINK_BUILDER_TAG } from '../links/declarations.ts';
import { RELEASES_TAG } from '../releases/declarations.ts';
import { servedEntities } from '../resources/served.ts';
import { TEAM_TAG } from '../team/declarations.ts';

/**
 * What each tag of the document groups, in a sentence or two (Redocly's `tag-description`): the
 * areas with a tag object of their own, then each table under its plural label. A new entity has
 * no description until one is written here (the Record's type says so).
 */

interface Tag {
  name: string;
  description: string;
}

const ENTITY_TAGS: Record<EntityName, string> = {
  level:
    'A stage’s levels per language (SPEC §3): their words, time and required letter; also whether each can be solved and how players fare on it.',
  user: 'The game’s players (SPEC §3): their coins, word counts and progress.',
  'user-level': 'Each player’s result on each level (SPEC §3).',
  language: 'The languages the game is played in (SPEC §3).',
  'letter-group': 'The letter sets of a stage per language (SPEC §3) that words are built from.',
  'letter-group-level': 'Which letter groups each level uses (SPEC §3).',
  'letter-group-word': 'Which words each letter group builds (SPEC §3); the link builder proposes them.',
  stage: 'The stages that levels and letter groups belong to (SPEC §3), shared by every language.',
  word: 'The words each language accepts (SPEC §3); also checked against the language’s dictionary, with decisions on the words it flags.',
  'audit-entry':
    'The audit log: each write with the values before and after and who made it; an entry can be reverted.',
};

const AREA_TAGS: readonly Tag[] = [
  {
    name: 'Authentication',
    description:
      'Sessions (SPEC §4, §7): password, then a second factor for admins; the access token is the bearer of every other call and is renewed with the refresh token. Also enrolment from an invitation, and this document.',
  },
  {
    name: 'Trash',
    description: 'Rows deleted in the last 30 days, each restorable with its own id. Administrators only.',
  },
  {
    name: 'Content Health',
    description:
      'The panel home’s report of content that needs attention, each finding linked to the list that shows it.',
  },
  CHANGE_SETS_TAG,
  LINK_BUILDER_TAG,
  TEAM_TAG,
  RELEASES_TAG,
  ...servedEntities.map((entity) => ({ name: entity.labelPlural, description: ENTITY_TAGS[entity.name] })),
];

/** The tag objects of `names`, in that order; a tag without words here is a mistake, not silence. */
export function documentTags(names: readonly string[]): Tag[] {
  return names.map((name) => {
    const tag = AREA_TAGS.find((known) => known.name === name);
    if (!tag) throw new Error(`The OpenAPI tag ${JSON.stringify(name)} has no description (openapi/tags.ts)`);
    return tag;
  });
}
