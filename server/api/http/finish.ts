import type { ApiAnswer, ApiContext } from './call.ts';

/** `Cache-Control: no-store` and the finishing hooks (if any), on an answer about to be sent. */
export function finish(answer: ApiAnswer, hooks: ApiContext['finishing'] = []): ApiAnswer {
  answer.headers['Cache-Control'] ??= 'no-store';
  for (const hook of hooks) hook(answer);
  return answer;
}
