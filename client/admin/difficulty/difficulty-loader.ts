import type { LoaderFunctionArgs } from 'react-router';
import { ApiError, type ApiClient } from '#shared/api-client/index.ts';
import type { DifficultyFilters, DifficultyReport } from '#shared/difficulty.ts';
import { panelApi } from '../api.ts';

export interface StageOption {
  id: number;
  number: number;
}

export interface LanguageOption {
  id: number;
  language: string;
}

/** The filters as the URL and the form hold them (strings, so the form shows what was asked). */
export interface DifficultyForm {
  /** The stage's number ('' before any stage exists). */
  stage: string;
  /** A language id, or '' for every language. */
  language: string;
  /** Dates (YYYY-MM-DD, UTC days). */
  since: string;
  until: string;
  activePlayers: boolean;
}

export interface DifficultyData {
  form: DifficultyForm;
  stages: StageOption[];
  languages: LanguageOption[];
  report: DifficultyReport | null;
  /** What is wrong with the filters, or why the API would not answer; null when the report came. */
  problem: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MAX_STAGE_PAGES = 10;

/** A date input's day as the instant it starts (UTC), or null when it is no day. */
function dayStart(day: string): Date | null {
  if (!DAY.test(day)) return null;
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : date;
}

/** Every stage by number (the select), a thousand at most: more is no select a person reads. */
async function loadStages(api: ApiClient): Promise<StageOption[]> {
  const stages: StageOption[] = [];
  for (let page = 1; page <= MAX_STAGE_PAGES; page++) {
    const result = await api.stages.search({ page, size: 100, sort: { field: 'number' } });
    stages.push(...result.items.map((row) => ({ id: row.id, number: row.number })));
    if (page >= result.totalPages) break;
  }
  return stages;
}

/** The stage a number names: from the select's list, or asked for when the list was cut short. */
async function stageByNumber(api: ApiClient, stages: StageOption[], number: number) {
  const listed = stages.find((s) => s.number === number);
  if (listed) return listed;
  const found = await api.stages.search({ size: 1, filters: { number } });
  const row = found.items[0];
  if (!row) return null;
  const stage = { id: row.id, number: row.number };
  stages.push(stage);
  return stage;
}

/** The URL's filters, or what is wrong with them. */
export function readForm(url: URL): DifficultyForm {
  const params = url.searchParams;
  const one = (name: string) => (params.get(name) ?? '').trim();
  return {
    stage: one('stage'),
    language: one('language'),
    since: one('since'),
    until: one('until'),
    activePlayers: ['true', 'on', '1'].includes(one('activePlayers')),
  };
}

/** The API's filters for a form whose stage is known; a message when a value is no value. */
export function filtersOf(form: DifficultyForm, stageId: number): DifficultyFilters | string {
  const filters: DifficultyFilters = { stageId };
  if (form.language !== '') {
    if (!/^\d{1,10}$/.test(form.language)) return `"${form.language}" is not a language.`;
    filters.languageId = Number(form.language);
  }
  if (form.since !== '') {
    const since = dayStart(form.since);
    if (!since) return `"${form.since}" is not a date (YYYY-MM-DD).`;
    filters.since = since.toISOString();
  }
  if (form.until !== '') {
    const until = dayStart(form.until);
    if (!until) return `"${form.until}" is not a date (YYYY-MM-DD).`;
    // The until day is included: results up to the start of the next day.
    filters.until = new Date(until.getTime() + 86_400_000).toISOString();
  }
  if (filters.since && filters.until && filters.since >= filters.until) {
    return 'The first day comes after the last one.';
  }
  if (form.activePlayers) filters.activePlayers = true;
  return filters;
}

/**
 * The Difficulty screen's data (issue 34): the stages and languages for its filters, and the
 * report of the stage the URL names (the first stage when it names none), through the content API
 * (the session-bound client on the server, the proxy in the browser).
 */
export async function difficultyLoader({ request, context }: LoaderFunctionArgs): Promise<DifficultyData> {
  const api = panelApi(context);
  const form = readForm(new URL(request.url));
  const [stages, languages] = await Promise.all([
    loadStages(api),
    api.languages.search({ size: 100, sort: { field: 'language' } }),
  ]);
  const data = { form, stages, languages: languages.items.map(({ id, language }) => ({ id, language })) };
  const without = (problem: string): DifficultyData => ({ ...data, report: null, problem });
  if (form.stage === '') {
    if (!stages[0]) return without('There is no stage yet.');
    form.stage = String(stages[0].number);
  }
  if (!/^\d{1,10}$/.test(form.stage)) return without(`"${form.stage}" is not a stage number.`);
  try {
    const stage = await stageByNumber(api, stages, Number(form.stage));
    if (!stage) return without(`There is no stage ${form.stage}.`);
    const filters = filtersOf(form, stage.id);
    if (typeof filters === 'string') return without(filters);
    return { ...data, report: await api.difficulty.ofStage(filters), problem: null };
  } catch (error) {
    // A filter the API refuses (400), a language outside the account's reach (403), an API
    // without the report (404): said on the screen, with the filters to change.
    const status = error instanceof ApiError ? (error.status ?? 0) : 0;
    if (status >= 400 && status < 500 && status !== 401) return without((error as ApiError).message);
    throw error;
  }
}
