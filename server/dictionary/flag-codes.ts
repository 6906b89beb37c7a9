import { flagsText, WORD_FLAGS } from '#shared/dictionary.ts';

/**
 * The dictionary thread answers a word's flags as a code, one bit per flag in WORD_FLAGS order,
 * in a transferred byte array: hundreds of thousands of answers to an import cost the server's
 * thread one allocation per answer, not one string per word.
 */
export const FLAGS_BY_CODE: readonly string[] = Array.from({ length: 1 << WORD_FLAGS.length }, (_, code) =>
  flagsText(WORD_FLAGS.filter((_, bit) => code & (1 << bit))),
);

const CODE_OF = new Map(FLAGS_BY_CODE.map((text, code) => [text, code]));

/** The code of a flags text as `flagsText` writes it. */
export function flagsCode(text: string): number {
  const code = CODE_OF.get(text);
  if (code === undefined) throw new Error(`not a flags text: ${JSON.stringify(text)}`);
  return code;
}
