import { isAdministrator } from '#shared/permissions.ts';
import { allowEntity, who } from '../access/guard.ts';
import { changeSetHeader } from '../audit/change-set.ts';
import type { LooseDb } from '../resources/rows.ts';
import type { Step } from './call.ts';
import { checked } from './checked.ts';
import { ApiError, badRequest } from './errors.ts';
import { hasBody, jsonBody } from './json-body.ts';
import type { OperationSpec } from './operation.ts';
import { perAdminLimit } from './per-admin-limit.ts';
import type { RateLimits } from './rate-limits.ts';

export interface DeclaredStepDeps {
  requireAdmin: Step;
  /** requireAdmin admitting game tokens too: the game's reads only. */
  requireReleaseReader: Step;
  db: LooseDb;
  rateLimits: RateLimits;
}

/**
 * The steps a declaration implies, before the operation's own, in this order: who may call it
 * (401/403), its rate limit (429), the change set it joins (400/409), then its path parameters,
 * query and body parsed by its schemas (400, 413, 415) into `ctx.input` — so what the document
 * says is exactly what is checked. An operation without a body refuses one.
 */
/** One limiter per key prefix: operations sharing a limit (reverts and restores) count together. */
const limiters = new WeakMap<RateLimits, Map<string, ReturnType<RateLimits['limiter']>>>();

function limiterOf(rateLimits: RateLimits, limits: { keyPrefix: string; points: number; duration: number }) {
  let known = limiters.get(rateLimits);
  if (!known) limiters.set(rateLimits, (known = new Map()));
  let limiter = known.get(limits.keyPrefix);
  if (!limiter) known.set(limits.keyPrefix, (limiter = rateLimits.limiter(limits)));
  return limiter;
}

export function declaredSteps(spec: OperationSpec, deps: DeclaredStepDeps): Step[] {
  const steps: Step[] = [];
  if (spec.caller === 'release-reader') steps.push(deps.requireReleaseReader);
  else if (spec.caller !== 'anyone') steps.push(deps.requireAdmin);
  if (spec.caller === 'administrator' || spec.caller === 'administrator-session')
    steps.push(administrators(spec));
  if (spec.access) steps.push(allowEntity(spec.access.entity, spec.access.access));
  if (spec.rateLimit) {
    const { message, by, ...limits } = spec.rateLimit;
    steps.push(
      perAdminLimit(limiterOf(deps.rateLimits, limits), message, by === 'username' ? 'username' : 'userId'),
    );
  }
  if (spec.changeSet) steps.push(changeSetHeader(deps.db));
  steps.push(parsed(spec));
  if (spec.body) {
    const { schema, limit, what, parse, optional } = spec.body;
    const read = jsonBody(limit);
    steps.push(async (ctx) => {
      const given = hasBody(ctx) && ctx.header('content-length') !== '0';
      if (given || !optional) await read(ctx);
      ctx.input.body = parse ? parse(ctx.body) : checked(schema, ctx.body, what);
    });
  }
  return steps;
}

/** 403 unless the caller is an administrator (and, for the Team, in person: never a token). */
function administrators(spec: OperationSpec): Step {
  const what = spec.administers ?? spec.summary.charAt(0).toLowerCase() + spec.summary.slice(1);
  return (ctx) => {
    const actor = ctx.actor!;
    if (spec.caller === 'administrator-session' && actor.token)
      throw new ApiError(403, `A token cannot ${what}: sign in as an administrator`);
    if (!isAdministrator(actor.reach))
      throw new ApiError(403, `${who(actor)} may not ${what}: only administrators may`);
  };
}

/** Path parameters and query by their schemas; no query where none is declared; no unasked body. */
function parsed(spec: OperationSpec): Step {
  return (ctx) => {
    if (spec.params) ctx.input.params = checked(spec.params, ctx.params, 'path');
    const query = Object.fromEntries(Object.entries(ctx.query).filter(([, v]) => v !== undefined));
    if (spec.query) {
      const { schema, parse } = spec.query;
      ctx.input.query = parse ? parse(query) : checked(schema, query, 'query');
    } else if (Object.keys(query).length > 0)
      throw badRequest(
        `Unknown query parameter ${JSON.stringify(Object.keys(query)[0]!.slice(0, 60))}: this operation takes no parameters`,
      );
    if (!spec.body && hasBody(ctx) && ctx.header('content-length') !== '0')
      throw badRequest(`${spec.method.toUpperCase()} ${spec.path} takes no body: send none`);
  };
}
