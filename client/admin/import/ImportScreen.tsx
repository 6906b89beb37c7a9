import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { changeSetPath } from '#shared/panel-paths.ts';
import { ErrorMessage, SuccessMessage } from '../components/Messages.tsx';
import { useHydrated } from '../components/useHydrated.ts';
import { importApi, type Counts, type ImportSummary } from './import-api.ts';
import { loadNames, NO_NAMES, type ValueNames } from '../entities/value-names.ts';
import { PreviewTable, previewGroups } from './PreviewTable.tsx';
import { Verdicts } from './Verdicts.tsx';

const countsText = (counts: Counts, dry: boolean) =>
  `${dry ? 'Would create' : 'Created'} ${counts.created}, ${dry ? 'would update' : 'updated'} ${counts.updated}, ` +
  `unchanged ${counts.unchanged}, rejected ${counts.rejected}.`;

/** What the file holds: the choices of the form's first fieldset. */
const KINDS = [
  ['words', 'Word list'],
  ['table', 'Table export'],
] as const;

/**
 * Import in the browser: a word list for a language, or a table's CSV, JSON or JSON Lines export.
 * The panel server checks the file with a dry run (the CLI's engine and limits); the preview lists
 * what would be created, updated (old → new) and rejected (line and reason); Apply writes it.
 */
export function Component() {
  const hydrated = useHydrated();
  const [kind, setKind] = useState<'words' | 'table'>('words');
  const [tables, setTables] = useState<Array<{ resource: string; label: string }>>([]);
  const [languages, setLanguages] = useState<Array<{ id: number; language: string }>>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const [names, setNames] = useState<ValueNames>(NO_NAMES);
  /** A page of the preview, shown once its values are named as the lists name them. */
  const show = async (next: ImportSummary) => {
    const named = await loadNames(previewGroups(next));
    setNames(named);
    setSummary(next);
  };

  useEffect(() => {
    Promise.all([importApi.options(), importApi.languages()])
      .then(([options, list]) => {
        setTables(options.tables);
        setLanguages(list);
      })
      .catch((error: Error) => setProblem(error.message));
  }, []);

  const preview = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get('file');
    if (!(file instanceof File) || file.name === '') return setProblem('Choose a file to import.');
    setBusy(true);
    setProblem(null);
    setSummary(null);
    try {
      const target =
        kind === 'words'
          ? { words: true as const, languageId: String(form.get('languageId') ?? '') }
          : { words: false as const, table: String(form.get('table') ?? '') };
      await show(await importApi.upload(file, target));
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const apply = async () => {
    if (!summary) return;
    setBusy(true);
    setProblem(null);
    const id = summary.id;
    // The apply request stays open while the rows are written; meanwhile the page polls progress.
    let running = true;
    const poll = async () => {
      while (running) {
        await new Promise((resolve) => setTimeout(resolve, 400));
        if (!running) break;
        const now = await importApi.page(id, 1).catch(() => null);
        if (running && now?.apply) setSummary((old) => (old ? { ...old, apply: now.apply } : old));
      }
    };
    void poll();
    try {
      setSummary(await importApi.apply(id));
    } catch (error) {
      const message = (error as Error).message;
      setProblem(message);
      // Stopped part-way: the rows written so far stay written. The server says how far it got;
      // if it went away, the last progress polled says it.
      running = false;
      const now = await importApi.page(id, 1).catch(() => null);
      setSummary((old) => {
        const last = now?.apply ?? old?.apply;
        return old && last ? { ...old, apply: { ...last, state: 'failed', message } } : old;
      });
    } finally {
      running = false;
      setBusy(false);
    }
  };

  const turn = async (page: number, flagged = summary?.flaggedOnly ?? false) => {
    if (!summary) return;
    try {
      await show(await importApi.page(summary.id, page, flagged));
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  const applied = summary?.apply;
  const changes = summary ? summary.counts.created + summary.counts.updated : 0;
  return (
    <section aria-labelledby="import-title">
      <h1 id="import-title" className="h3 mb-3">
        Import
      </h1>
      <p>
        Upload a word list (one word a line) or a table&apos;s export (CSV, JSON or JSON Lines, as the
        lists&apos; CSV and JSON links download it). Nothing is written until you check the preview and choose
        Apply.
      </p>
      <form onSubmit={(event) => void preview(event)} className="mb-3" aria-label="File to import">
        <fieldset className="mb-2">
          <legend className="form-label fs-6">What the file holds</legend>
          {KINDS.map(([value, label]) => (
            <div className="form-check form-check-inline" key={value}>
              <input
                className="form-check-input"
                type="radio"
                id={`import-kind-${value}`}
                name="kind"
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
              />
              <label className="form-check-label" htmlFor={`import-kind-${value}`}>
                {label}
              </label>
            </div>
          ))}
        </fieldset>
        <div className="d-flex flex-wrap gap-2 align-items-end">
          {kind === 'words' ? (
            <div>
              <label htmlFor="import-language" className="form-label">
                Language
              </label>
              <select id="import-language" name="languageId" className="form-select" required>
                {languages.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.language}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <div>
              <label htmlFor="import-table" className="form-label">
                Table
              </label>
              <select id="import-table" name="table" className="form-select" required>
                {tables.map((t) => (
                  <option key={t.resource} value={t.resource}>
                    {t.label}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div>
            <label htmlFor="import-file" className="form-label">
              File
            </label>
            <input
              id="import-file"
              name="file"
              type="file"
              className="form-control"
              required
              accept=".txt,.csv,.json,.jsonl,.ndjson,text/plain,text/csv,application/json"
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={!hydrated || busy}>
            Preview
          </button>
        </div>
      </form>
      <ErrorMessage message={problem} className="mb-3" />
      {summary ? (
        <section aria-labelledby="import-preview-title">
          <h2 id="import-preview-title" className="h5">
            Preview of {summary.name}
          </h2>
          <p data-import-counts>{countsText(summary.counts, true)}</p>
          {summary.verdicts ? (
            <Verdicts summary={summary} onFlagged={(flagged) => void turn(1, flagged)} />
          ) : null}
          {summary.notes.map((note) => (
            <p key={note} className="small text-body-secondary">
              {note}
            </p>
          ))}
          <PreviewTable summary={summary} names={names} onPage={(page) => void turn(page)} />
          {applied?.state === 'running' ? (
            <div className="mb-2">
              <label htmlFor="import-progress" className="form-label">
                Writing rows
              </label>
              <progress
                id="import-progress"
                className="w-100"
                max={Math.max(applied.total, 1)}
                value={applied.done}
              />
            </div>
          ) : null}
          {applied?.state === 'done' ? (
            <SuccessMessage
              message={
                <>
                  Import applied: {countsText(applied.counts, false)}
                  {applied.changeSet ? (
                    <>
                      {' '}
                      Change set <Link to={changeSetPath(applied.changeSet)}>{applied.changeSet}</Link>.
                    </>
                  ) : null}
                </>
              }
            />
          ) : null}
          {applied?.state === 'failed' ? (
            <p data-import-stopped>
              The import stopped after writing {applied.done.toLocaleString('en')} of{' '}
              {applied.total.toLocaleString('en')} rows
              {applied.changeSet ? (
                <>
                  {' '}
                  (change set <Link to={changeSetPath(applied.changeSet)}>{applied.changeSet}</Link>: undo it
                  there)
                </>
              ) : null}
              . Upload the file again to write the rest: the rows already written show as unchanged.
            </p>
          ) : null}
          {applied === null && changes > 0 ? (
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void apply()}>
              Apply
            </button>
          ) : null}
          {changes === 0 && !applied ? <p>Nothing to change.</p> : null}
        </section>
      ) : null}
    </section>
  );
}
