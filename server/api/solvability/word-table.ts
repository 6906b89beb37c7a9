import type { SolvabilityWord } from '#shared/solvability.ts';

/**
 * The active words while every level is judged (500,000 at scale 1), kept as the pages of text
 * they were read as plus typed arrays of where each word is: an object per word made the heap big
 * enough for the garbage collector's pauses to stall the event loop noticeably. Words are added
 * in ascending id order (as read), and found by binary search.
 */
export class WordTable {
  private pages: string[] = [];
  private ids = new Int32Array(1024);
  private languages = new Int32Array(1024);
  private pageOf = new Int32Array(1024);
  private starts = new Int32Array(1024);
  private ends = new Int32Array(1024);
  private size = 0;

  /** A page of `id language letters` lines, ids ascending and above those added before. */
  addPage(text: string): void {
    const page = this.pages.push(text) - 1;
    let line = 0;
    while (line < text.length) {
      let end = text.indexOf('\n', line);
      if (end < 0) end = text.length;
      const first = text.indexOf(' ', line);
      const second = text.indexOf(' ', first + 1);
      if (first > line && second > first && second < end) {
        this.grow();
        const at = this.size++;
        this.ids[at] = Number(text.slice(line, first));
        this.languages[at] = Number(text.slice(first + 1, second));
        this.pageOf[at] = page;
        this.starts[at] = second + 1;
        this.ends[at] = end;
      }
      line = end + 1;
    }
  }

  /** Row + 1 by id, once every word is added (see `index`); 0: no such word. */
  private rows: Int32Array | null = null;

  /**
   * Once every page is added: a direct index by id when the ids are dense enough (up to four slots
   * a word), so millions of lookups skip the binary search.
   */
  index(): void {
    const last = this.size > 0 ? this.ids[this.size - 1]! : 0;
    if (last > 4 * this.size + 65_536) return;
    this.rows = new Int32Array(last + 1);
    for (let at = 0; at < this.size; at++) this.rows[this.ids[at]!] = at + 1;
  }

  /** The word with this id (a new object, short-lived), if it is active. */
  get(id: number): SolvabilityWord | undefined {
    if (this.rows) {
      const row = id < this.rows.length ? this.rows[id]! - 1 : -1;
      return row < 0 ? undefined : this.word(row);
    }
    let low = 0;
    let high = this.size - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = this.ids[middle]!;
      if (found < id) low = middle + 1;
      else if (found > id) high = middle - 1;
      else return this.word(middle);
    }
    return undefined;
  }

  private word(at: number): SolvabilityWord {
    const letters = this.pages[this.pageOf[at]!]!.slice(this.starts[at], this.ends[at]);
    return { letters, isActive: true, languageId: this.languages[at]! };
  }

  private grow() {
    if (this.size < this.ids.length) return;
    const bigger = (array: Int32Array) => {
      const copy = new Int32Array(array.length * 2);
      copy.set(array);
      return copy;
    };
    this.ids = bigger(this.ids);
    this.languages = bigger(this.languages);
    this.pageOf = bigger(this.pageOf);
    this.starts = bigger(this.starts);
    this.ends = bigger(this.ends);
  }
}
