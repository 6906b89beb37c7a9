import type { ApiAnswer, ApiContext, Step } from './call.ts';
import { errorAnswer, notAllowedAnswer, notFoundAnswer } from './errors.ts';
import type { ApiOperation } from './operation.ts';
import { routeMatcher } from './route-matcher.ts';
import { finish } from './finish.ts';
import { declaredSteps, type DeclaredStepDeps } from './declared-steps.ts';

/**
 * The one way an operation is found and run (issue 44), for Express's requests (express-mount.ts)
 * and the panel's calls in process (in-process.ts) alike: matched by route-matcher.ts; an unknown
 * path is a 404, a known path without the method a 405 naming the ones it has (GET brings HEAD).
 * Then the steps the declaration implies (declared-steps.ts) and the operation's own.
 */

export type Dispatch = (ctx: Omit<ApiContext, 'params' | 'input' | 'finishing'>) => Promise<ApiAnswer>;

export function createDispatch(
  operations: readonly ApiOperation[],
  deps: DeclaredStepDeps & { reserved: readonly string[] },
): Dispatch {
  const find = routeMatcher(
    operations.map(({ spec, steps }) => ({ spec, steps: [...declaredSteps(spec, deps), ...steps] })),
    { reserved: deps.reserved },
  );
  return async (base) => {
    try {
      const matched = find(base.method, base.path);
      if (matched === null) return finish(notFoundAnswer(base.method, base.path));
      if ('allowed' in matched) return finish(notAllowedAnswer(base.method, matched.allowed.join(', ')));
      // Onto the caller's own object, not a copy: a copy would read its lazy `log` on every call.
      const ctx: ApiContext = Object.assign(base, {
        params: matched.params,
        input: { params: {}, query: {}, body: undefined },
        finishing: [],
      });
      return await run(matched.found.steps, ctx);
    } catch (error) {
      return finish(errorAnswer(error, base));
    }
  };
}

/** Runs the steps until one answers; a thrown error becomes its answer (errors.ts). */
async function run(steps: readonly Step[], ctx: ApiContext): Promise<ApiAnswer> {
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
  if (!answer) throw new Error(`${ctx.method} ${ctx.path}: no step answered`);
  return finish(answer, ctx.finishing);
}
