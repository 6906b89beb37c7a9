import { MAX_TOKEN_DAYS } from '#shared/team.ts';

import { BAD_ID, body, error, extensionOp, json, ref, type Json } from './fragments.ts';

const TAG = 'Team';
const ID = (what: string) => ({
  name: 'id',
  in: 'path',
  required: true,
  description: `The ${what} id.`,
  schema: { type: 'integer', minimum: 1 },
});
const ADMINISTRATORS = {
  403: error(
    'Not an administrator signed in in person: tokens, editors and viewers may not manage the team.',
  ),
};
const op = (operationId: string, spec: Json) =>
  extensionOp(operationId, TAG, { ...spec, responses: { ...ADMINISTRATORS, ...(spec.responses as Json) } });
const list = (item: string) => ({
  type: 'object',
  required: ['content'],
  properties: { content: { type: 'array', items: ref(item) } },
});

export const teamTag = {
  name: TAG,
  description:
    'Panel accounts with their permission sets (administrator, editor, viewer) and languages, invitations, and API tokens for scripts and schedulers. Managed by administrators, never with a token.',
};

/** The Team's paths: accounts, tokens, who am I, and the enrolment an invitation leads to. */
export const teamPaths: Record<string, Json> = {
  '/accounts/cms/me': {
    get: extensionOp('whoami', TAG, {
      summary: 'Who am I',
      description:
        'The account (or token) the bearer belongs to and what it may reach: permission set, languages, and the token’s name and expiry.',
      responses: { 200: json(ref('Whoami'), 'The caller.') },
    }),
  },
  '/accounts/cms': {
    get: op('listAccounts', {
      summary: 'Panel accounts',
      description: 'Every panel account with its reach, two-factor state and last login.',
      responses: { 200: json(list('Account'), 'The accounts, by username.') },
    }),
    post: op('inviteAccount', {
      summary: 'Invite an account',
      description:
        'Creates the account with no password and answers a one-time enrolment path (24 hours) where the person chooses a password; the first login then sets up two-factor.',
      requestBody: body(ref('InviteRequest')),
      responses: {
        201: json(ref('Enrolment'), 'The account and its enrolment path.'),
        400: json(ref('ValidationError'), 'A malformed body or an unknown language.'),
        409: error('The username is taken.'),
        413: error('Body too large.'),
        415: error('Content-Type is not application/json.'),
      },
    }),
  },
  '/accounts/cms/{id}': {
    get: op('getAccount', {
      summary: 'One account',
      description: 'The account and its latest changes to content.',
      parameters: [ID('account')],
      responses: {
        200: json(ref('AccountDetail'), 'The account.'),
        404: error('No such account.'),
        ...BAD_ID,
      },
    }),
    put: op('updateAccount', {
      summary: 'Change an account',
      description:
        'Its permission set, its languages (null: every language) or whether it is active (deactivating ends its sessions). The last active administrator can be neither demoted nor deactivated (409).',
      parameters: [ID('account')],
      requestBody: body(ref('AccountUpdate')),
      responses: {
        200: json(ref('Account'), 'The account as changed.'),
        400: json(ref('ValidationError'), 'A malformed body or an unknown language.'),
        404: error('No such account.'),
        409: error('It is the last active administrator.'),
        413: error('Body too large.'),
        415: error('Content-Type is not application/json.'),
      },
    }),
  },
  ...Object.fromEntries(
    (
      [
        [
          'reset-2fa',
          'resetAccountTwoFactor',
          'Reset two-factor',
          'Forgets its two-factor set-up and recovery codes and ends its sessions: the next login shows a new QR code.',
        ],
        [
          'end-sessions',
          'endAccountSessions',
          'End all sessions',
          'Every session of the account ends at once, on every instance.',
        ],
        [
          'invitation',
          'renewInvitation',
          'Renew an invitation',
          'A new enrolment path for an account that has not chosen its password yet (the old one stops working).',
        ],
      ] as const
    ).map(([path, operationId, summary, description]) => [
      `/accounts/cms/{id}/${path}`,
      {
        post: op(operationId, {
          summary,
          description,
          parameters: [ID('account')],
          responses: {
            [path === 'invitation' ? 201 : 200]: json(
              ref(path === 'invitation' ? 'Enrolment' : 'Account'),
              'Done.',
            ),
            404: error('No such account.'),
            ...(path === 'invitation' ? { 409: error('The account has enrolled already.') } : {}),
            ...BAD_ID,
          },
        }),
      },
    ]),
  ),
  '/tokens/cms': {
    get: op('listTokens', {
      summary: 'API tokens',
      description:
        'Every token (never the token itself), newest first, with its owner, reach, expiry and last use.',
      responses: { 200: json(list('ApiToken'), 'The tokens.') },
    }),
    post: op('createToken', {
      summary: 'Create an API token',
      description: `A token for a script or scheduler, with a reach no wider than its creator's and an expiry of 1 to ${MAX_TOKEN_DAYS} days (required). The token is answered this once; only a keyed hash is stored. Send it as the bearer.`,
      requestBody: body(ref('TokenCreateRequest')),
      responses: {
        201: json(ref('CreatedApiToken'), 'The token, shown once.'),
        400: json(ref('ValidationError'), 'A malformed body, no expiry, or an unknown language.'),
        413: error('Body too large.'),
        415: error('Content-Type is not application/json.'),
      },
    }),
  },
  '/tokens/cms/{id}': {
    delete: op('revokeToken', {
      summary: 'Revoke an API token',
      description: 'Refused from its next request on, on every instance.',
      parameters: [ID('token')],
      responses: {
        200: json(ref('ApiToken'), 'The token, revoked.'),
        404: error('No such token.'),
        ...BAD_ID,
      },
    }),
  },
  '/auth/enrol': {
    post: {
      operationId: 'enrol',
      tags: [TAG],
      summary: 'Choose a password from an invitation',
      description:
        'With the token of an enrolment path: sets the account’s first password, once. The next login sets up two-factor. Extension of the SPEC §7 contract.',
      'x-extension': true,
      requestBody: body(ref('EnrolRequest')),
      responses: {
        200: json(
          { type: 'object', required: ['username'], properties: { username: { type: 'string' } } },
          'Enrolled.',
        ),
        400: error('A weak password, or a link that expired or was used.'),
      },
    },
  },
};
