import { data, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '#shared/api-client/index.ts';
import type { LinkPlan } from '#shared/links/api.ts';
import { panelApi } from '../api.ts';
import { errorMessage } from '../entities/entity-api.ts';

export interface PlanData {
  id: number;
  reuseLetters: boolean;
  plan: LinkPlan | null;
  error: string | null;
}

/** A letter group's plan, read on the server for the first paint and in the browser after an apply. */
export async function planLoader({ params, request, context }: LoaderFunctionArgs): Promise<PlanData> {
  const raw = String(params.id);
  if (!/^\d{1,10}$/.test(raw) || Number(raw) === 0)
    throw data(null, { status: 404, statusText: 'Not Found' });
  const id = Number(raw);
  const reuseLetters = new URL(request.url).searchParams.get('reuseLetters') === 'true';
  try {
    return {
      id,
      reuseLetters,
      plan: await panelApi(context).linkBuilder.plan(id, { reuseLetters }),
      error: null,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw data(null, { status: 404, statusText: 'Not Found' });
    }
    return { id, reuseLetters, plan: null, error: errorMessage(error) };
  }
}
