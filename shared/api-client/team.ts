import type {
  Account,
  AccountDetail,
  AccountUpdate,
  ApiToken,
  CreatedApiToken,
  Enrolment,
  InviteRequest,
  TokenCreateRequest,
  Whoami,
} from '../team.ts';
import type { Transport } from './transport.ts';

/** The team (issue 33): `accounts/cms`, `tokens/cms`, who am I, and enrolment from an invitation. */
export interface TeamClient {
  whoami(): Promise<Whoami>;
  accounts(): Promise<Account[]>;
  account(id: number): Promise<AccountDetail>;
  invite(request: InviteRequest): Promise<Enrolment>;
  updateAccount(id: number, change: AccountUpdate): Promise<Account>;
  resetTwoFactor(id: number): Promise<Account>;
  endSessions(id: number): Promise<Account>;
  renewInvitation(id: number): Promise<Enrolment>;
  tokens(): Promise<ApiToken[]>;
  createToken(request: TokenCreateRequest): Promise<CreatedApiToken>;
  revokeToken(id: number): Promise<ApiToken>;
  /** Public: the token of an enrolment path and the password chosen. */
  enrol(token: string, password: string): Promise<{ username: string }>;
}

export function teamClient(transport: Transport): TeamClient {
  const accounts = 'accounts/cms';
  const tokens = 'tokens/cms';
  const post = <T>(path: string, body?: unknown) => transport.call<T>({ method: 'POST', path, body });
  return {
    whoami: () => transport.call<Whoami>({ method: 'GET', path: `${accounts}/me` }),
    accounts: async () =>
      (await transport.call<{ content: Account[] }>({ method: 'GET', path: accounts })).content,
    account: (id) => transport.call<AccountDetail>({ method: 'GET', path: `${accounts}/${id}` }),
    invite: (request) => post<Enrolment>(accounts, request),
    updateAccount: (id, change) =>
      transport.call<Account>({ method: 'PUT', path: `${accounts}/${id}`, body: change }),
    resetTwoFactor: (id) => post<Account>(`${accounts}/${id}/reset-2fa`),
    endSessions: (id) => post<Account>(`${accounts}/${id}/end-sessions`),
    renewInvitation: (id) => post<Enrolment>(`${accounts}/${id}/invitation`),
    tokens: async () =>
      (await transport.call<{ content: ApiToken[] }>({ method: 'GET', path: tokens })).content,
    createToken: (request) => post<CreatedApiToken>(tokens, request),
    revokeToken: (id) => transport.call<ApiToken>({ method: 'DELETE', path: `${tokens}/${id}` }),
    enrol: (token, password) =>
      transport.call<{ username: string }>({
        method: 'POST',
        path: 'auth/enrol',
        body: { token, password },
        bearer: 'none',
      }),
  };
}
