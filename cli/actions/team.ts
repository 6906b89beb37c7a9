import { PERMISSION_SETS, type PermissionSet } from '#shared/permissions.ts';
import { sameName } from '#shared/names.ts';
import { parseDays, MAX_TOKEN_DAYS, TOKEN_STATUS_TEXT, type Account, type ApiToken } from '#shared/team.ts';
import type { Connection } from '../connection.ts';
import { CliError, UsageError } from '../context.ts';
import { formatTable } from '../output.ts';

export interface ReachOptions {
  permissions?: string;
  /** Language names (or ids), comma-separated; `all` for every language. */
  languages?: string;
}

export interface TokenCreateOptions extends ReachOptions {
  name: string;
  expires: string;
}

function permissionsOf(raw: string | undefined): PermissionSet | undefined {
  if (raw === undefined) return undefined;
  if (!(PERMISSION_SETS as readonly string[]).includes(raw))
    throw new UsageError(`--permissions must be one of ${PERMISSION_SETS.join(', ')}, not "${raw}"`);
  return raw as PermissionSet;
}

/** Language names (or ids) → ids, each checked against the API's languages; `all` → null. */
export async function languageIds(
  conn: Connection,
  raw: string | undefined,
): Promise<number[] | null | undefined> {
  if (raw === undefined) return undefined;
  if (raw.trim().toLowerCase() === 'all') return null;
  const wanted = raw
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (wanted.length === 0)
    throw new UsageError('--languages names no language (use "all" for every language)');
  const known = (await conn.api.languages.search({ size: 100 })).items;
  return wanted.map((name) => {
    const found = known.find((l) => l.language.toLowerCase() === name.toLowerCase() || String(l.id) === name);
    if (!found) throw new CliError(`No language is called "${name}": see \`argus-words language list\``);
    return found.id;
  });
}

async function namesOf(conn: Connection): Promise<(ids: number[] | null) => string> {
  const known = (await conn.api.languages.search({ size: 100 })).items;
  return (ids) =>
    ids === null ? 'all' : ids.map((id) => known.find((l) => l.id === id)?.language ?? `#${id}`).join(', ');
}

async function accountNamed(conn: Connection, username: string): Promise<Account> {
  // Usernames are one name without regard to case (shared/names.ts).
  const found = (await conn.api.team.accounts()).find((a) => sameName(a.username, username));
  if (!found)
    throw new CliError(`No panel account is called "${username}": see \`argus-words accounts list\``);
  return found;
}

const panelLink = (conn: Connection, path: string) => `${new URL(conn.apiUrl).origin}${path}`;

/** `accounts list`. */
export async function accountsListAction(conn: Connection): Promise<void> {
  await conn.requireLogin();
  const accounts = await conn.api.team.accounts();
  const names = await namesOf(conn);
  const rows = accounts.map((a) => ({
    ...a,
    languages: names(a.languages),
    state: !a.isActive
      ? 'deactivated'
      : a.invitePending
        ? 'invited'
        : a.twoFactor
          ? 'active'
          : 'no two-factor yet',
    lastLogin: a.lastLoginAt ? `${a.lastLoginAt} from ${a.lastLoginIp ?? '?'}` : 'never',
  }));
  const columns = [
    { field: 'username', label: 'Username' },
    { field: 'permissions', label: 'Permissions' },
    { field: 'languages', label: 'Languages' },
    { field: 'state', label: 'State' },
    { field: 'lastLogin', label: 'Last login' },
  ];
  conn.out.result(accounts, () => formatTable(columns, rows));
}

/** `accounts invite USERNAME`: prints the enrolment link (24 hours, once). */
export async function accountsInviteAction(
  username: string,
  options: ReachOptions,
  conn: Connection,
): Promise<void> {
  await conn.requireLogin();
  const permissions = permissionsOf(options.permissions)!;
  const languages = await languageIds(conn, options.languages);
  const enrolment = await conn.api.team.invite({
    username,
    permissions,
    ...(languages ? { languages } : {}),
  });
  const link = panelLink(conn, enrolment.enrolmentPath);
  conn.out.message(
    `Invited ${username} (${permissions}). Send this link; it works once, until ${enrolment.expiresAt}:`,
  );
  conn.out.result({ ...enrolment, enrolmentUrl: link }, () => `${link}\n`);
}

/** `accounts update USERNAME`: permission set, languages, active or not. */
export async function accountsUpdateAction(
  username: string,
  options: ReachOptions & { active?: string },
  conn: Connection,
): Promise<void> {
  await conn.requireLogin();
  const account = await accountNamed(conn, username);
  const permissions = permissionsOf(options.permissions);
  const languages = await languageIds(conn, options.languages);
  if (options.active !== undefined && !['true', 'false'].includes(options.active))
    throw new UsageError(`--active must be true or false, not "${options.active}"`);
  const change = {
    ...(permissions ? { permissions } : {}),
    ...(languages !== undefined ? { languages } : {}),
    ...(options.active !== undefined ? { isActive: options.active === 'true' } : {}),
  };
  if (Object.keys(change).length === 0)
    throw new UsageError('Name something to change: --permissions, --languages or --active');
  const updated = await conn.api.team.updateAccount(account.id, change);
  const names = await namesOf(conn);
  conn.out.result(
    updated,
    () =>
      `${updated.username}: ${updated.permissions}, languages ${names(updated.languages)}, ${updated.isActive ? 'active' : 'deactivated'}\n`,
  );
}

/** `accounts deactivate | reset-2fa | end-sessions USERNAME`. */
export async function accountsStepAction(
  step: 'deactivate' | 'reset-2fa' | 'end-sessions',
  username: string,
  conn: Connection,
): Promise<void> {
  await conn.requireLogin();
  const account = await accountNamed(conn, username);
  const team = conn.api.team;
  const done =
    step === 'deactivate'
      ? await team.updateAccount(account.id, { isActive: false })
      : step === 'reset-2fa'
        ? await team.resetTwoFactor(account.id)
        : await team.endSessions(account.id);
  const what = {
    deactivate: 'deactivated; its sessions and API tokens ended for good',
    'reset-2fa': 'two-factor reset; its next login shows a new QR code',
    'end-sessions': 'every session and API token ended',
  }[step];
  conn.out.result(done, () => `${done.username}: ${what}\n`);
}

const tokenColumns = [
  { field: 'id', label: 'ID' },
  { field: 'name', label: 'Name' },
  { field: 'owner', label: 'Owner' },
  { field: 'permissions', label: 'Permissions' },
  { field: 'languages', label: 'Languages' },
  { field: 'status', label: 'Status' },
  { field: 'expiresAt', label: 'Expires' },
  { field: 'lastUsed', label: 'Last used' },
];

/** `tokens list`. */
export async function tokensListAction(conn: Connection): Promise<void> {
  await conn.requireLogin();
  const tokens = await conn.api.team.tokens();
  const names = await namesOf(conn);
  const rows = tokens.map((t: ApiToken) => ({
    ...t,
    // What it may do now, when its owner was narrowed since: "editor, English (now viewer, English)".
    languages:
      names(t.languages) +
      (t.effective.permissions !== t.permissions ||
      JSON.stringify(t.effective.languages) !== JSON.stringify(t.languages)
        ? ` (now ${t.effective.permissions}, ${names(t.effective.languages)})`
        : ''),
    status: TOKEN_STATUS_TEXT[t.status],
    lastUsed: t.lastUsedAt ? `${t.lastUsedAt} from ${t.lastUsedIp ?? '?'}` : 'never',
  }));
  conn.out.result(tokens, () => formatTable(tokenColumns, rows));
}

/** `tokens create`: the token alone on stdout (`export ARGUS_TOKEN=$(argus-words tokens create …)`). */
export async function tokensCreateAction(options: TokenCreateOptions, conn: Connection): Promise<void> {
  await conn.requireLogin();
  const permissions = permissionsOf(options.permissions)!;
  const days = parseDays(options.expires);
  if (days === null || days < 1 || days > MAX_TOKEN_DAYS)
    throw new UsageError(
      `--expires must be 1d to ${MAX_TOKEN_DAYS}d (e.g. 30d, 12w, 1y), not "${options.expires}"`,
    );
  const languages = await languageIds(conn, options.languages);
  const created = await conn.api.team.createToken({
    name: options.name,
    permissions,
    expiresInDays: days,
    ...(languages ? { languages } : {}),
  });
  conn.out.message(
    `Token "${created.name}" (${created.permissions}) expires ${created.expiresAt}. It is shown this once.`,
  );
  conn.out.result(created, () => `${created.token}\n`);
}

/** `tokens revoke ID|NAME`: refused from its next request on, on every instance. */
export async function tokensRevokeAction(which: string, conn: Connection): Promise<void> {
  await conn.requireLogin();
  const tokens = await conn.api.team.tokens();
  const live = (t: ApiToken) => t.status === 'active' || t.status === 'owner-inactive';
  const matches = tokens.filter((t) => String(t.id) === which || (sameName(t.name, which) && live(t)));
  if (matches.length === 0)
    throw new CliError(`No active token has the id or name "${which}": see \`argus-words tokens list\``);
  if (matches.length > 1)
    throw new CliError(`Several active tokens are called "${which}": revoke one by its id`);
  const revoked = await conn.api.team.revokeToken(matches[0]!.id);
  conn.out.result(revoked, () => `Token ${revoked.id} "${revoked.name}" revoked.\n`);
}
