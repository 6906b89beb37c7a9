import type { CliContext } from './context.ts';

/**
 * Progress of a long job on stderr. On a terminal: one bar redrawn in place with `\r` (at most ten
 * times a second) with the rate and the time left. Elsewhere (a log, CI): a plain line at most every
 * two seconds and at the end, so logs stay short.
 */
export interface Progress {
  /** `done` of `total` units are finished. */
  update(done: number): void;
  /** Draws the final state and moves to a new line. */
  finish(): void;
}

const BAR = 24;

export function createProgress(ctx: CliContext, label: string, total: number, unit = 'rows'): Progress {
  const tty = ctx.stderr.isTTY === true;
  const started = ctx.now();
  let shownAt = -Infinity;
  let done = 0;
  let drawn = false;

  const text = (): string => {
    const elapsed = Math.max(1, ctx.now() - started) / 1000;
    const rate = done / elapsed;
    const left = rate > 0 ? (total - done) / rate : Infinity;
    const share = total === 0 ? 1 : done / total;
    const counts = `${done}/${total} ${unit} (${Math.floor(share * 100)}%), ${formatRate(rate)} ${unit}/s`;
    const eta = done >= total ? `done in ${formatDuration(elapsed)}` : `ETA ${formatDuration(left)}`;
    if (!tty) return `${label}: ${counts}, ${eta}`;
    const filled = Math.round(share * BAR);
    return `${label} [${'#'.repeat(filled)}${'-'.repeat(BAR - filled)}] ${counts}, ${eta}`;
  };
  const draw = (final: boolean) => {
    const now = ctx.now();
    if (!final && now - shownAt < (tty ? 100 : 2000)) return;
    shownAt = now;
    drawn = true;
    ctx.stderr.write(tty ? `\r${text()}\u001b[K${final ? '\n' : ''}` : `${text()}\n`);
  };

  return {
    update(value) {
      done = Math.min(total, value);
      // The last state is drawn by finish(), once.
      if (done < total) draw(false);
    },
    finish() {
      if (drawn || total > 0) draw(true);
    },
  };
}

function formatRate(rate: number): string {
  return rate >= 100 ? String(Math.round(rate)) : rate.toFixed(1);
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}
