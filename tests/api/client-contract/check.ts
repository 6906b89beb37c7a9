import { apiDeclarations, reservedPaths } from '#server/api/declarations.ts';
import type { OperationSpec } from '#server/api/http/operation.ts';
import { routeMatcher } from '#server/api/http/route-matcher.ts';
import type { Recorded } from './recorder.ts';

/**
 * A request the API client sent, judged against the declarations (server/api/declarations.ts) as
 * the dispatcher would take it: the route matcher finds the operation by method and path, then the
 * declaration's own schemas and parsers judge the path parameters, the query and the body.
 */

const find = routeMatcher(
  apiDeclarations().map((spec) => ({ spec })),
  { reserved: reservedPaths() },
);

/** The reason the first of the declaration's checks refuses `value`, or null. */
function refusal(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export interface Judged {
  spec: OperationSpec | null;
  problems: string[];
}

/**
 * What keeps a declared operation from taking `request` as sent ([] when nothing does).
 * `opaqueBody`: the body is the caller's own, passed through (a create's fields), so only whether
 * one is sent is judged, not what it holds.
 */
export function judge(request: Recorded, prefix: string, opaqueBody = false): Judged {
  if (!request.path.startsWith(`${prefix}/`))
    return { spec: null, problems: [`${request.path} is not under ${prefix}`] };
  const path = request.path.slice(prefix.length);
  const matched = find(request.method, path);
  if (matched === null) return { spec: null, problems: [`no operation is declared at ${path}`] };
  if ('allowed' in matched)
    return { spec: null, problems: [`${path} is declared for ${matched.allowed.join(', ')} only`] };
  const spec = matched.found.spec;
  const problems: string[] = [];
  const say = (problem: string | null) => {
    if (problem) problems.push(problem);
  };

  if (spec.params) say(refusal(() => spec.params!.parse(matched.params)));

  const keys = [...request.query.keys()];
  const query = Object.fromEntries(request.query);
  if (new Set(keys).size !== keys.length) say(`a query parameter is repeated: ${request.query.toString()}`);
  if (!spec.query) {
    if (keys.length > 0) say(`query ${keys.join(', ')} sent, but the operation declares none`);
  } else {
    const accepted = Object.keys(spec.query.schema.shape);
    for (const key of keys) if (!accepted.includes(key)) say(`query parameter ${key} is not declared`);
    const { schema, parse } = spec.query;
    say(refusal(() => (parse ? parse(query) : schema.parse(query))));
  }

  const sent = request.body !== '';
  if (sent && !spec.body) say('a body is sent, but the operation declares none');
  if (!sent && spec.body && !spec.body.optional) say('no body is sent, but the operation requires one');
  if (sent && spec.body && !opaqueBody) {
    const { schema, parse } = spec.body;
    say(
      refusal(() => {
        const value: unknown = JSON.parse(request.body);
        return parse ? parse(value) : schema.parse(value);
      }),
    );
  }

  if (request.headers['if-match'] !== undefined && !spec.ifMatch)
    say('If-Match is sent, but the operation does not take it');
  if (request.headers.authorization === undefined && spec.caller !== 'anyone')
    say(`no bearer is sent, but the operation is for ${spec.caller}`);
  return { spec, problems };
}
