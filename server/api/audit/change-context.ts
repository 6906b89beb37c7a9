import type { ApiContext } from '../http/call.ts';
import type { ChangeContext } from './record.ts';

/** Who writes, from where, when, and the change set the request's header joins (if any). */
export function changeContextOf(ctx: ApiContext, clock: () => number): ChangeContext {
  if (!ctx.actor) throw new Error('requireAdmin must run before a write (the actor is missing)');
  return {
    actor: ctx.actor,
    ip: ctx.ip,
    now: new Date(clock()).toISOString(),
    ...(ctx.changeSet ? { changeSet: ctx.changeSet } : {}),
  };
}
