import { verdictSummary } from '#shared/dictionary.ts';
import type { ImportSummary } from './import-api.ts';

/**
 * Issue 46: what the words' dictionary says of the words an import writes, counted, and the switch
 * between every row of the preview and only the flagged ones.
 */
export function Verdicts({
  summary,
  onFlagged,
}: {
  summary: ImportSummary;
  onFlagged(flagged: boolean): void;
}) {
  const counts = summary.verdicts!;
  return (
    <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
      <p className="mb-0" data-import-verdicts>
        Dictionary: {verdictSummary(counts)}.
      </p>
      <div className="form-check form-switch mb-0">
        <input
          id="import-flagged-only"
          className="form-check-input"
          type="checkbox"
          role="switch"
          checked={summary.flaggedOnly}
          disabled={summary.flaggedCount === 0 && !summary.flaggedOnly}
          onChange={(event) => onFlagged(event.target.checked)}
        />
        <label className="form-check-label" htmlFor="import-flagged-only">
          Flagged only ({summary.flaggedCount})
        </label>
      </div>
    </div>
  );
}
