import { Readable } from 'node:stream';
import { FIELD_MESSAGES } from '#shared/entities/messages.ts';
import { INT_MAX } from '#shared/entities/schemas.ts';
import { json, type ApiAnswer, type ApiContext } from '../http/call.ts';
import { implement, type ApiOperation } from '../http/operation.ts';
import { currentBundle, givenBundle } from './declarations.ts';
import { badRequest } from '../http/errors.ts';
import { PLAYER_HEADER, type GameAnswer, type GameRequest, type ReleaseReader } from './reader.ts';

/** `current` or a release number, and a language id, from a game read's path. */
export function gameRequestOf(
  ctx: Pick<ApiContext, 'header' | 'actor' | 'prefix'>,
  which: string,
  language: string,
): GameRequest | null {
  const number = /^\d{1,10}$/.test(which) && Number(which) <= INT_MAX ? Number(which) : null;
  if (which !== 'current' && (number === null || number === 0)) return null;
  if (!/^\d{1,10}$/.test(language) || Number(language) > INT_MAX || Number(language) === 0)
    throw badRequest(`The language id ${FIELD_MESSAGES.anId}, not ${JSON.stringify(language.slice(0, 40))}`);
  const player = ctx.header(PLAYER_HEADER)?.trim();
  return {
    which: number ?? 'current',
    languageId: Number(language),
    reach: ctx.actor!.reach,
    playerId: player ? player.slice(0, 200) : undefined,
    ifNoneMatch: ctx.header('if-none-match'),
    acceptEncoding: ctx.header('accept-encoding'),
    prefix: ctx.prefix,
  };
}

/** A game answer for the route table (the bytes as a stream of one chunk). */
export function apiAnswerOf(answer: GameAnswer): ApiAnswer {
  if (answer.json) return json(answer.json, answer.status, answer.headers);
  if (!answer.body) return { status: answer.status, headers: answer.headers };
  return {
    status: answer.status,
    headers: answer.headers,
    stream: Readable.from([answer.body]),
    final: true,
  };
}

/**
 * The game's reads (declarations.ts): `releases/current/{languageId}` and
 * `releases/{number}/{languageId}`, for a game token or any panel account.
 */
export function gameReadOperations(reader: ReleaseReader): ApiOperation[] {
  const read = (which: string) => async (ctx: ApiContext) => {
    const { languageId } = ctx.input.params as { languageId: number };
    return apiAnswerOf(await reader.answer(gameRequestOf(ctx, which, String(languageId))!));
  };
  return [
    implement(currentBundle, read('current')),
    implement(givenBundle, async (ctx) => read(String(ctx.input.params.number))(ctx)),
  ];
}
