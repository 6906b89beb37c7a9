import type { Request, Response } from 'express';
import type { Actor } from '../auth/index.ts';
import type { ChangeSetTag } from './change-set.ts';
import type { ChangeContext } from './record.ts';

/** Who writes, from where, when, and the change set the request's header joins (if any). */
export function requestContext(req: Request, res: Response, clock: () => number): ChangeContext {
  const changeSet = res.locals.changeSet as ChangeSetTag | undefined;
  return {
    actor: res.locals.actor as Actor,
    ip: req.ip ?? '',
    now: new Date(clock()).toISOString(),
    ...(changeSet ? { changeSet } : {}),
  };
}
