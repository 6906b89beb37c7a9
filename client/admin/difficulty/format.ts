import { MIN_PLAYERS, percent, type FindingKind } from '#shared/difficulty.ts';

/** How the Difficulty screen writes its figures: a dash where there is none. */

export const NONE = '—';

/** 0.2 → "20 %" (the house's spacing, as shared/difficulty.ts writes its messages). */
export const pct = (share: number | null | undefined): string =>
  share === null || share === undefined ? NONE : percent(share);

/** One decimal at most: 9.25 → "9.3", 9 → "9". */
export const num = (value: number | null | undefined, digits = 1): string =>
  value === null || value === undefined
    ? NONE
    : value.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: 0 });

export const count = (value: number): string => value.toLocaleString('en');

/** "too few players to judge (7 of 20)": said instead of figures nobody should read much into. */
export const tooFew = (players: number): string => `too few players to judge (${players} of ${MIN_PLAYERS})`;

/** A finding's kind in a word or two, beside its message (its group says it at length). */
export const KIND_WORDS: Record<FindingKind, string> = {
  harder: 'Harder',
  easier: 'Easier',
  'drop-off': 'Players stop',
};
