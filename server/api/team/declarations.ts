import * as z from 'zod';
import * as team from '#shared/team.ts';
import { AUTH_BODY_LIMIT } from '../auth/declarations.ts';
import { BODY_LIMIT } from '../http/json-body.ts';
import { declare, idParams, type OperationSpec } from '../http/operation.ts';
import { errorSchema, named, validationErrorSchema } from '../openapi/components.ts';

/**
 * The Team (issue 33, an extension): who am I; panel accounts (list, invite, one, change, reset
 * two-factor, end sessions, renew an invitation); API tokens (list, create, revoke); and the
 * public enrolment an invitation's link leads to. Managed by administrators in person, never with
 * a token; every change audited and logged as a security event.
 */

export const TEAM_TAG = {
  name: 'Team',
  description:
    'Panel accounts with their permission sets (administrator, editor, viewer) and languages, invitations, and API tokens for scripts and schedulers. Managed by administrators, never with a token.',
};

const administrators = {
  tag: TEAM_TAG.name,
  caller: 'administrator-session',
  administers: 'manage accounts or tokens',
  panel: 'read',
} as const satisfies Partial<OperationSpec>;
const writes = { ...administrators, panel: 'write' } as const;
const list = (item: z.ZodType) => z.object({ content: z.array(item) });
const account = named(team.accountSchema, 'Account');
const enrolment = named(team.enrolmentSchema, 'Enrolment');
const apiToken = named(team.apiTokenSchema, 'ApiToken');
const noAccount = { description: 'No such account.', schema: errorSchema };
const accountId = idParams('account id');

export const whoami = declare({
  tag: TEAM_TAG.name,
  caller: 'admin',
  panel: 'read',
  method: 'get',
  path: '/accounts/cms/me',
  operationId: 'whoami',
  summary: 'Who am I',
  description:
    'The account (or token) the bearer belongs to and what it may reach: permission set, languages, and the token’s name and expiry.',
  responses: { 200: { description: 'The caller.', schema: named(team.whoamiSchema, 'Whoami') } },
});

export const listAccounts = declare({
  ...administrators,
  method: 'get',
  path: '/accounts/cms',
  operationId: 'listAccounts',
  summary: 'Panel accounts',
  description: 'Every panel account with its reach, two-factor state and last login.',
  responses: { 200: { description: 'The accounts, by username.', schema: list(account) } },
});

export const inviteAccount = declare({
  ...writes,
  method: 'post',
  path: '/accounts/cms',
  operationId: 'inviteAccount',
  summary: 'Invite an account',
  description:
    'Creates the account with no password and answers a one-time enrolment path (24 hours) where the person chooses a password; the first login then sets up two-factor.',
  body: { schema: named(team.inviteRequestSchema, 'InviteRequest'), limit: BODY_LIMIT, what: 'invitation' },
  responses: {
    201: { description: 'The account and its enrolment path.', schema: enrolment },
    409: { description: 'The username is taken, in any case.', schema: errorSchema },
  },
});

export const getAccount = declare({
  ...administrators,
  method: 'get',
  path: '/accounts/cms/:id',
  operationId: 'getAccount',
  summary: 'One account',
  description: 'The account and its latest changes to content.',
  params: accountId,
  responses: {
    200: { description: 'The account.', schema: named(team.accountDetailSchema, 'AccountDetail') },
    404: noAccount,
  },
});

export const updateAccount = declare({
  ...writes,
  method: 'put',
  path: '/accounts/cms/:id',
  operationId: 'updateAccount',
  summary: 'Change an account',
  description:
    'Its permission set, its languages (null: every language) or whether it is active (deactivating ends its sessions and revokes its API tokens for good). The last active administrator can be neither demoted nor deactivated (409).',
  params: accountId,
  body: {
    schema: named(team.accountUpdateSchema, 'AccountUpdate'),
    limit: BODY_LIMIT,
    what: 'account change',
  },
  responses: {
    200: { description: 'The account as changed.', schema: account },
    404: noAccount,
    409: { description: 'It is the last active administrator.', schema: errorSchema },
  },
});

const accountAction = (path: string, operationId: string, summary: string, description: string) =>
  declare({
    ...writes,
    method: 'post',
    path: `/accounts/cms/:id/${path}`,
    operationId,
    summary,
    description: `${description} Takes no body.`,
    params: accountId,
    responses: { 200: { description: 'Done.', schema: account }, 404: noAccount },
  });

export const resetTwoFactor = accountAction(
  'reset-2fa',
  'resetAccountTwoFactor',
  'Reset two-factor',
  'Forgets its two-factor set-up and recovery codes and ends its sessions: the next login shows a new QR code.',
);
export const endSessions = accountAction(
  'end-sessions',
  'endAccountSessions',
  'End all sessions',
  'Every session of the account ends at once, on every instance, and its API tokens are revoked.',
);

export const renewInvitation = declare({
  ...writes,
  method: 'post',
  path: '/accounts/cms/:id/invitation',
  operationId: 'renewInvitation',
  summary: 'Renew an invitation',
  description:
    'A new enrolment path for an account that has not chosen its password yet (the old one stops working). Takes no body.',
  params: accountId,
  responses: {
    201: { description: 'Done.', schema: enrolment },
    404: noAccount,
    409: { description: 'The account has enrolled already.', schema: errorSchema },
  },
});

export const listTokens = declare({
  ...administrators,
  method: 'get',
  path: '/tokens/cms',
  operationId: 'listTokens',
  summary: 'API tokens',
  description:
    'Every token (never the token itself), newest first, with its owner, reach, expiry, last use and real state.',
  responses: { 200: { description: 'The tokens.', schema: list(apiToken) } },
});

export const createToken = declare({
  ...writes,
  method: 'post',
  path: '/tokens/cms',
  operationId: 'createToken',
  summary: 'Create an API token',
  description: `A token for a script or scheduler, with a reach no wider than its creator's and an expiry of 1 to ${team.MAX_TOKEN_DAYS} days (required). The token is answered this once; only a keyed hash is stored. Send it as the bearer.`,
  body: { schema: named(team.tokenCreateSchema, 'TokenCreateRequest'), limit: BODY_LIMIT, what: 'token' },
  responses: {
    201: { description: 'The token, shown once.', schema: named(team.createdTokenSchema, 'CreatedApiToken') },
    409: { description: 'This owner has a live token of that name.', schema: errorSchema },
  },
});

export const revokeToken = declare({
  ...writes,
  method: 'delete',
  path: '/tokens/cms/:id',
  operationId: 'revokeToken',
  summary: 'Revoke an API token',
  description: 'Refused from its next request on, on every instance.',
  params: idParams('token id'),
  responses: {
    200: { description: 'The token, revoked.', schema: apiToken },
    404: { description: 'No such token.', schema: errorSchema },
  },
});

export const enrol = declare({
  tag: TEAM_TAG.name,
  caller: 'anyone',
  method: 'post',
  path: '/auth/enrol',
  operationId: 'enrol',
  summary: 'Choose a password from an invitation',
  description:
    'With the token of an enrolment path: sets the account’s first password, once. The next login sets up two-factor.',
  body: {
    schema: named(team.enrolRequestSchema, 'EnrolRequest'),
    limit: AUTH_BODY_LIMIT,
    what: 'enrolment',
    parse: (value: unknown) => value,
  },
  responses: {
    200: { description: 'Enrolled.', schema: z.object({ username: z.string() }) },
    400: {
      description: 'A malformed body, a weak password, or a link that expired or was used.',
      schema: validationErrorSchema,
    },
  },
});
