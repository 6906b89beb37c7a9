import { Fragment, useState, type ReactNode } from 'react';
import { Link, useRevalidator } from 'react-router';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ErrorMessage, SuccessMessage } from '../components/Messages.tsx';
import { useHydrated } from '../components/useHydrated.ts';
import { recordHistoryPath } from '#shared/panel-paths.ts';
import { failureMessage } from './history-api.ts';
import { PAST, recordOf } from './values.ts';

/** Prev / 'Page X of Y' / Next as links (they work before hydration), the URL's filters kept. */
export function HistoryPager({
  page,
  totalPages,
  hrefOf,
}: {
  page: number;
  totalPages: number;
  hrefOf(page: number): string;
}) {
  const last = Math.max(totalPages, 1);
  const step = (label: string, target: number, enabled: boolean) =>
    enabled ? (
      <Link className="btn btn-outline-primary btn-sm" to={hrefOf(target)}>
        {label}
      </Link>
    ) : (
      <span className="btn btn-outline-primary btn-sm disabled" aria-disabled="true">
        {label}
      </span>
    );
  return (
    <nav className="d-flex align-items-center gap-3 my-3" aria-label="Pages">
      {step('Prev', page - 1, page > 1)}
      <span>
        Page {Math.min(page, last)} of {last}
      </span>
      {step('Next', page + 1, page < last)}
    </nav>
  );
}

/** What a screen-wide action (revert, restore) last said: one success or one error at a time. */
export interface Outcome {
  ok: boolean;
  message: string;
}

export function OutcomeMessage({ outcome, onDismiss }: { outcome: Outcome | null; onDismiss(): void }) {
  if (!outcome) return null;
  return outcome.ok ? (
    <SuccessMessage message={outcome.message} onDismiss={onDismiss} className="mb-3" />
  ) : (
    <ErrorMessage message={outcome.message} onDismiss={onDismiss} className="mb-3" />
  );
}

/**
 * A button that asks first, then runs one API call and reloads the screen's data (the list then
 * shows the new audit entry, or the trash without the restored row). Disabled until hydrated.
 */
export function ConfirmedAction({
  label,
  title,
  question,
  run,
  onOutcome,
}: {
  label: string;
  title: string;
  question: string;
  run(): Promise<string>;
  onOutcome(outcome: Outcome): void;
}) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        disabled={!hydrated || busy}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      <ConfirmDialog
        open={open}
        title={title}
        message={question}
        confirmLabel={label}
        cancelLabel="Cancel"
        busy={busy}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setBusy(true);
          run().then(
            (message) => {
              onOutcome({ ok: true, message });
              setOpen(false);
              setBusy(false);
              void revalidator.revalidate();
            },
            (error: unknown) => {
              onOutcome({ ok: false, message: failureMessage(error) });
              setOpen(false);
              setBusy(false);
            },
          );
        }}
      />
    </>
  );
}

/** Below a history screen's filters: the last outcome or the problem, else the count, entries, pager. */
export function HistoryResults<E extends { id: number | string }>({
  data,
  status,
  hrefOf,
  render,
}: {
  data: { problem: string | null; totalElements: number; page: number; totalPages: number; entries: E[] };
  status: string;
  hrefOf(page: number): string;
  render(entry: E, onOutcome: (outcome: Outcome) => void): ReactNode;
}) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  return (
    <>
      <OutcomeMessage outcome={outcome} onDismiss={() => setOutcome(null)} />
      <ErrorMessage message={data.problem} />
      {data.problem ? null : (
        <>
          <p role="status">{status}</p>
          {data.entries.map((entry) => (
            <Fragment key={entry.id}>{render(entry, setOutcome)}</Fragment>
          ))}
          <HistoryPager page={data.page} totalPages={data.totalPages} hrefOf={hrefOf} />
        </>
      )}
    </>
  );
}

/** An entry's record: its history, and its form unless the entry deleted it. */
export function RecordLinks({ entry }: { entry: { entity: string; entityId: number; action: string } }) {
  const record = recordOf(entry.entity, entry.entityId);
  return (
    <>
      <Link className="btn btn-link btn-sm" to={recordHistoryPath(entry.entity, entry.entityId)}>
        History of {record.name}
      </Link>
      {record.href && entry.action !== 'delete' ? (
        <Link className="btn btn-link btn-sm" to={record.href}>
          Open {record.name}
        </Link>
      ) : null}
    </>
  );
}

/** An entry's heading (what it did to which record, and its number), as h2 or h3 by its screen. */
export function EntryHeading({
  entry,
  id,
  level,
}: {
  entry: { id: number; entity: string; entityId: number; action: string };
  id: string;
  level: 'h2' | 'h3';
}) {
  const Heading = level;
  return (
    <Heading id={id} className="h6 d-flex flex-wrap gap-2 align-items-baseline">
      <span>
        {PAST[entry.action] ?? entry.action} {recordOf(entry.entity, entry.entityId).name}
      </span>
      <span className="text-body-secondary small">entry #{entry.id}</span>
    </Heading>
  );
}
