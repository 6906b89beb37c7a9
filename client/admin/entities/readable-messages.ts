/**
 * Every validation message the panel writes itself, worded for a person. SPEC §5 and §8 strings
 * stay where they are (validate.ts, messages.ts).
 */

/** 2147483647 → '2,147,483,647', the same on the server and in the browser. */
export const readableNumber = (value: number): string => value.toLocaleString('en-US');

/** What is wrong with a typed page number, or null when the list has that page. */
export function pageProblem(value: string, lastPage: number): string | null {
  const text = value.trim();
  const pages = lastPage > 1 ? `a number from 1 to ${readableNumber(lastPage)}` : 'page 1';
  if (text === '') return `Enter ${pages}.`;
  if (!/^\d{1,9}$/.test(text)) return `“${text.slice(0, 20)}” is not a page number: enter ${pages}.`;
  const page = Number(text);
  if (page < 1 || page > lastPage) return `There is no page ${readableNumber(page)}: enter ${pages}.`;
  return null;
}
