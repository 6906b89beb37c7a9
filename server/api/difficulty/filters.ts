import type { DifficultyFilters } from '#shared/difficulty.ts';
import { FIELD_MESSAGES } from '#shared/entities/messages.ts';
import { INT_MAX } from '#shared/entities/schemas.ts';
import { badRequest } from '../http/errors.ts';

const PARAMETERS = ['stageId', 'languageId', 'since', 'until', 'activePlayers'];
const ID = /^\d{1,10}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

function id(raw: unknown, name: string): number {
  if (typeof raw !== 'string' || !ID.test(raw) || Number(raw) < 1 || Number(raw) > INT_MAX)
    throw badRequest(`${name} ${FIELD_MESSAGES.anId}, not ${JSON.stringify(String(raw).slice(0, 40))}`, {
      [name]: [FIELD_MESSAGES.anId],
    });
  return Number(raw);
}

/**
 * Whether the calendar has this day: JavaScript's Date rolls `2026-02-30` over to March 2nd, which
 * would answer figures for a range nobody asked for.
 */
function realDay(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A day (`2026-11-01`, UTC) or an instant with its offset; `until` a day means through its end. */
function instant(raw: unknown, name: 'since' | 'until'): string {
  const text = typeof raw === 'string' ? raw : '';
  const shaped = DAY.test(text) || INSTANT.test(text);
  const date = new Date(DAY.test(text) ? `${text}T00:00:00Z` : INSTANT.test(text) ? text : 'invalid');
  if (!shaped || !realDay(text) || Number.isNaN(date.getTime()))
    throw badRequest(
      `${name} must be a day (2026-11-01) or an instant with its offset (2026-11-01T08:00:00Z), not ${JSON.stringify(text.slice(0, 40))}`,
      { [name]: ['must be a day or an ISO 8601 instant'] },
    );
  if (name === 'until' && DAY.test(text)) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
}

/** The query as filters; anything unknown or malformed is a 400 naming it. */
export function parseFilters(query: Record<string, unknown>): {
  filters: DifficultyFilters;
  range: { since?: string; until?: string };
} {
  const unknown = Object.keys(query).find((key) => !PARAMETERS.includes(key));
  if (unknown)
    throw badRequest(
      `Unknown parameter ${JSON.stringify(unknown.slice(0, 40))}: only ${PARAMETERS.join(', ')}`,
    );
  if (query.stageId === undefined || query.stageId === '')
    throw badRequest('stageId is required: the stage whose levels to show', { stageId: ['is required'] });
  const filters: DifficultyFilters = { stageId: id(query.stageId, 'stageId') };
  const range: { since?: string; until?: string } = {};
  if (query.languageId !== undefined && query.languageId !== '')
    filters.languageId = id(query.languageId, 'languageId');
  if (query.since !== undefined && query.since !== '') {
    filters.since = String(query.since);
    range.since = instant(query.since, 'since');
  }
  if (query.until !== undefined && query.until !== '') {
    filters.until = String(query.until);
    range.until = instant(query.until, 'until');
  }
  if (range.since && range.until && range.since >= range.until)
    throw badRequest(`since (${filters.since}) must come before until (${filters.until})`, {
      until: ['must come after since'],
    });
  const active = query.activePlayers;
  if (active !== undefined && active !== '' && active !== 'true' && active !== 'false')
    throw badRequest(
      `activePlayers must be true or false, not ${JSON.stringify(String(active).slice(0, 40))}`,
      {
        activePlayers: ['must be true or false'],
      },
    );
  if (active === 'true') filters.activePlayers = true;
  return { filters, range };
}
