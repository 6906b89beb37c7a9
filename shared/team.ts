import * as z from 'zod';
import { ACCOUNT_PERMISSION_SETS, MAX_REACH_LANGUAGES, PERMISSION_SETS } from './permissions.ts';
import { MAX_TOKEN_DAYS, TOKEN_STATUSES } from './team-limits.ts';
import { cleanName, TOKEN_NAME_LIMITS, USERNAME_LIMITS } from './names.ts';

export { ENROLMENT_LIFETIME_MS, MAX_TOKEN_DAYS, parseDays, TOKEN_STATUS_TEXT } from './team-limits.ts';

/**
 * The team's wire formats (issue 33): panel accounts, invitations, API tokens and "who am I".
 * One description for the server's validation, OpenAPI, the typed client, the panel and the CLI.
 */

export const permissionSetSchema = z.enum(PERMISSION_SETS, {
  error: () => `Permissions must be one of ${PERMISSION_SETS.join(', ')}`,
});

/** A panel account's permissions: `game` is for the game's API tokens only. */
export const accountPermissionSetSchema = permissionSetSchema.refine(
  (set) => (ACCOUNT_PERMISSION_SETS as readonly string[]).includes(set),
  `An account's permissions must be one of ${ACCOUNT_PERMISSION_SETS.join(', ')}: game is for the game's tokens`,
);

export const reachLanguagesSchema = z
  .array(z.number().int().positive())
  .min(1, 'Name at least one language, or none for every language')
  .max(MAX_REACH_LANGUAGES, `At most ${MAX_REACH_LANGUAGES} languages`)
  .nullable();

/** A name as shared/names.ts takes it: NFKC, no control or invisible characters; else a 400 naming why. */
const nameSchema = (limits: { min: number; max: number }, missing: string) =>
  z.string({ error: missing }).transform((raw, ctx) => {
    const checked = cleanName(raw, limits);
    if (checked.ok) return checked.name;
    ctx.addIssue({ code: 'custom', message: checked.reason });
    return z.NEVER;
  });

/** A panel account's username (unique without regard to case: the API answers 409 otherwise). */
export const usernameSchema = nameSchema(USERNAME_LIMITS, 'must be text');

export const accountSchema = z
  .object({
    id: z.int(),
    username: z.string(),
    permissions: permissionSetSchema,
    languages: z.array(z.int()).nullable().meta({ description: 'Language ids; null: every language.' }),
    isActive: z.boolean(),
    twoFactor: z.boolean().meta({ description: 'Two-factor set up (false until the first login).' }),
    invitePending: z.boolean().meta({ description: 'Invited; no password chosen yet.' }),
    lastLoginAt: z.string().nullable(),
    lastLoginIp: z.string().nullable(),
  })
  .meta({ title: 'Account' });
export type Account = z.infer<typeof accountSchema>;

export const accountChangeSchema = z
  .object({ at: z.string(), entity: z.string(), entityId: z.int(), action: z.string() })
  .meta({ title: 'AccountChange' });
export type AccountChange = z.infer<typeof accountChangeSchema>;

export const accountDetailSchema = accountSchema
  .extend({ recentChanges: z.array(accountChangeSchema) })
  .meta({ title: 'AccountDetail' });
export type AccountDetail = z.infer<typeof accountDetailSchema>;

export const inviteRequestSchema = z
  .strictObject({
    username: usernameSchema,
    permissions: accountPermissionSetSchema,
    languages: reachLanguagesSchema.optional(),
  })
  .meta({ title: 'InviteRequest' });
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

export const enrolmentSchema = z
  .object({
    account: accountSchema,
    enrolmentPath: z
      .string()
      .meta({ description: 'The panel path (with its one-time token) to send the person.' }),
    expiresAt: z.string(),
  })
  .meta({ title: 'Enrolment' });
export type Enrolment = z.infer<typeof enrolmentSchema>;

export const accountUpdateSchema = z
  .strictObject({
    permissions: accountPermissionSetSchema.optional(),
    languages: reachLanguagesSchema.optional(),
    isActive: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .meta({ title: 'AccountUpdate' });
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;

export const enrolRequestSchema = z
  .strictObject({
    token: z
      .string({ error: 'The enrolment link is incomplete' })
      .min(1, 'The enrolment link is incomplete')
      .max(200, 'The enrolment link is too long: at most 200 characters'),
    password: z.string({ error: 'Password is required.' }),
  })
  .meta({ title: 'EnrolRequest' });

export const tokenStatusSchema = z.enum(TOKEN_STATUSES).meta({
  description:
    'active; expired; revoked (by hand, or with its owner: deactivated, deleted or its sessions ended); owner-inactive: refused while its owner may not use the API (two-factor not set up again yet)',
});

export const apiTokenSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    ownerId: z.int(),
    owner: z.string(),
    permissions: permissionSetSchema,
    languages: z.array(z.int()).nullable(),
    effective: z.object({ permissions: permissionSetSchema, languages: z.array(z.int()).nullable() }).meta({
      description:
        "What it may do now: its own reach within its owner's current one (narrower when the owner was narrowed since).",
    }),
    createdAt: z.string(),
    expiresAt: z.string(),
    lastUsedAt: z.string().nullable(),
    lastUsedIp: z.string().nullable(),
    status: tokenStatusSchema,
  })
  .meta({ title: 'ApiToken' });
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const tokenCreateSchema = z
  .strictObject({
    // Spaces at the ends are trimmed (a paste's), then the name rule applies; unique per owner.
    name: z.string({ error: 'Name the token' }).trim().pipe(nameSchema(TOKEN_NAME_LIMITS, 'Name the token')),
    permissions: permissionSetSchema,
    languages: reachLanguagesSchema.optional(),
    expiresInDays: z
      .int({ error: 'The expiry is required: a whole number of days' })
      .min(1, 'A token lives at least 1 day')
      .max(MAX_TOKEN_DAYS, `A token lives at most ${MAX_TOKEN_DAYS} days`),
  })
  .meta({ title: 'TokenCreateRequest' });
export type TokenCreateRequest = z.infer<typeof tokenCreateSchema>;

export const createdTokenSchema = apiTokenSchema
  .extend({ token: z.string().meta({ description: 'Shown this once; only a keyed hash is stored.' }) })
  .meta({ title: 'CreatedApiToken' });
export type CreatedApiToken = z.infer<typeof createdTokenSchema>;

export const whoamiSchema = z
  .object({
    userId: z.int(),
    username: z.string(),
    permissions: permissionSetSchema,
    languages: z.array(z.int()).nullable(),
    reach: z.string().meta({ description: 'In words: "administrator", "editor of French".' }),
    token: z.object({ id: z.int(), name: z.string(), expiresAt: z.string() }).nullable(),
  })
  .meta({ title: 'Whoami' });
export type Whoami = z.infer<typeof whoamiSchema>;
