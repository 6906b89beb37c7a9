/** Text longer than this is cut to one line with an ellipsis (client/styles/panel-tables.css). */
export const LONG_TEXT = 32;

export interface CellProps {
  'data-label': string;
  className?: string;
  title?: string;
  tabIndex?: number;
}

/**
 * The attributes of a list cell: its column's label (the card layout of narrow screens prints it
 * before the value) and, for long text, the full value as a tooltip and a tab stop, so it can be
 * read by hover and by keyboard (the cell widens to show it whole while focused).
 */
export function cellProps(label: string, text: string): CellProps {
  if (text.length <= LONG_TEXT) return { 'data-label': label };
  return { 'data-label': label, className: 'panel-cell-long', title: text, tabIndex: 0 };
}
