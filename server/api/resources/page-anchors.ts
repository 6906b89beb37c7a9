/** Offsets below this are cheap to skip on any index; deeper pages look for an anchor. */
export const DEEP_OFFSET = 2000;
const MAX_LISTS = 500;
const MAX_POSITIONS = 256;

/** A row's place in a list: its sort column's value (the id itself when sorted by id), then id. */
export interface AnchorKey {
  id: number;
  value: unknown;
}

interface Anchors {
  version: string;
  /** Position in the list (0-based) → the row there (its id and sort value). */
  positions: Map<number, AnchorKey>;
}

export type PageAnchors = ReturnType<typeof createPageAnchors>;
export interface Anchor {
  position: number;
  key: AnchorKey;
}

/**
 * Keyset paging behind the page-number contract (an OFFSET walks every skipped index entry, so a
 * deep page of a million-row table costs in proportion to its depth). The first and last ids of
 * each deep page served are remembered per list (its filters and sort) and per table version; the
 * next page, the previous one or the same one again starts from the nearest remembered id, below
 * or above it, with a short offset.
 * A write to the table changes its version, and the anchors of the old version are never used.
 */
export function createPageAnchors() {
  const lists = new Map<string, Anchors>();

  return {
    /**
     * The remembered rows nearest the page from `offset` to `end` (exclusive): the last at or
     * before its start, and the first at or past its end (a row inside the page is of no use: a
     * walk from it would have to go both ways).
     */
    nearest(
      list: string,
      version: string,
      offset: number,
      end: number,
    ): { below: Anchor | null; above: Anchor | null } {
      const anchors = lists.get(list);
      let below: Anchor | null = null;
      let above: Anchor | null = null;
      if (!anchors || anchors.version !== version) return { below, above };
      for (const [position, key] of anchors.positions) {
        if (position <= offset && (!below || position > below.position)) below = { position, key };
        if (position >= end && (!above || position < above.position)) above = { position, key };
      }
      return { below, above };
    },

    remember(list: string, version: string, position: number, key: AnchorKey): void {
      let anchors = lists.get(list);
      if (!anchors || anchors.version !== version) {
        if (!anchors && lists.size >= MAX_LISTS) lists.delete(lists.keys().next().value!);
        anchors = { version, positions: new Map() };
        lists.set(list, anchors);
      }
      if (anchors.positions.size >= MAX_POSITIONS)
        anchors.positions.delete(anchors.positions.keys().next().value!);
      anchors.positions.set(position, key);
    },
  };
}
