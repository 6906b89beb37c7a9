import type { ApiAnswer, ApiContext, Step } from './call.ts';
import { errorAnswer } from './errors.ts';

/**
 * Runs a route's steps in order until one answers; a thrown error becomes its answer (errors.ts).
 * Null: every step passed without answering (the route declines). The finishing hooks see every
 * answer, failures included, and every answer is marked no-store: API answers are per user and per
 * moment.
 */
export async function runSteps(steps: readonly Step[], ctx: ApiContext): Promise<ApiAnswer | null> {
  let answer: ApiAnswer | null = null;
  try {
    for (const step of steps) {
      const given = await step(ctx);
      if (given) {
        answer = given;
        break;
      }
    }
  } catch (error) {
    answer = errorAnswer(error, ctx);
  }
  if (!answer) return null;
  return finish(answer, ctx.finishing);
}

/** `Cache-Control: no-store` and the finishing hooks (if any), on an answer about to be sent. */
export function finish(answer: ApiAnswer, hooks: ApiContext['finishing'] = []): ApiAnswer {
  answer.headers['Cache-Control'] ??= 'no-store';
  for (const hook of hooks) hook(answer);
  return answer;
}
