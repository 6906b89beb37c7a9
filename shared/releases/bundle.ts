import * as z from 'zod';

/**
 * The bundle the game reads (issue 45): one language's content of a release, as JSON. Versioned by
 * `format`: a change that an older game cannot read gets a new number, and the server keeps
 * answering the formats games in the field still read. Everything is sorted by id, so the same
 * content gives the same bytes, and so the same hash (the bundle's ETag), in any release.
 *
 * What is in it: the language; the stages its levels and letter groups are in; its active levels
 * (in active stages), each with its active letter groups in link order; those letter groups, each
 * with the ids of its active words; and every active word of the language (the game's dictionary).
 * Players' data (users, user-levels) is never in a release.
 */
export const BUNDLE_FORMAT = 1;

const id = z.int().positive();

export const bundleStageSchema = z.object({
  id,
  number: z.int(),
  letterCount: z.int(),
  letters: z.string(),
});

export const bundleLevelSchema = z.object({
  id,
  number: z.int(),
  hint: z.string().nullable(),
  assignment: z.string(),
  time: z.int().meta({ description: 'Seconds (ranked mode).' }),
  requiredLetterFlag: z.boolean(),
  requiredLetter: z.string().meta({ description: "'first', 'last' or ''." }),
  requiredLetterPosition: z.int(),
  checkCondition: z.string().meta({ description: 'Parts joined by `::` (SPEC §5).' }),
  isChill: z.boolean(),
  stageId: id,
  letterGroups: z
    .array(z.object({ id, used: z.boolean() }))
    .meta({ description: 'Its active letter groups, in link order.' }),
});

export const bundleLetterGroupSchema = z.object({
  id,
  letters: z.string(),
  stageId: id,
  wordIds: z.array(id).meta({ description: 'Its active linked words, by id (ascending).' }),
});

export const bundleWordSchema = z.object({ id, letters: z.string() });

export const bundleSchema = z
  .object({
    format: z.literal(BUNDLE_FORMAT),
    language: z.object({ id, name: z.string() }),
    stages: z.array(bundleStageSchema),
    levels: z.array(bundleLevelSchema),
    letterGroups: z.array(bundleLetterGroupSchema),
    words: z.array(bundleWordSchema),
  })
  .meta({
    title: 'ReleaseBundle',
    description:
      'One language of a release, format 1. Sorted by id throughout; the ETag is the SHA-256 of these bytes (uncompressed), so identical content has the same ETag in every release.',
  });

export type Bundle = z.infer<typeof bundleSchema>;
export type BundleLevel = z.infer<typeof bundleLevelSchema>;
export type BundleLetterGroup = z.infer<typeof bundleLetterGroupSchema>;
export type BundleStage = z.infer<typeof bundleStageSchema>;
export type BundleWord = z.infer<typeof bundleWordSchema>;

/** Rows of each kind in a bundle (the Releases screen, the CLI, `releases show`). */
export interface BundleCounts {
  stages: number;
  levels: number;
  letterGroups: number;
  words: number;
  /** Letter group-word links. */
  links: number;
}

export function countsOf(bundle: Bundle): BundleCounts {
  return {
    stages: bundle.stages.length,
    levels: bundle.levels.length,
    letterGroups: bundle.letterGroups.length,
    words: bundle.words.length,
    links: bundle.letterGroups.reduce((sum, group) => sum + group.wordIds.length, 0),
  };
}
