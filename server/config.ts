import path from 'node:path';
import { z } from 'zod';
import type { PublicConfig } from '#shared/public-config.ts';
import { usernameSchema } from '#shared/team.ts';
import { ROOT } from './root.ts';
import { parseDictionaries, parseOffensiveDir, type DictionarySetting } from './dictionary/settings.ts';

const url = (what: string) =>
  z.url({ protocol: /^https?$/, error: `must be an absolute http(s) URL (${what})` });

/** A whole number of seconds within [min, max]. */
const seconds = (what: string, min: number, max: number) => {
  const error = `must be a whole number of seconds from ${min} to ${max} (${what})`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

/** A whole number of milliseconds within [min, max]. */
const millis = (what: string, min: number, max: number) => {
  const error = `must be a whole number of milliseconds from ${min} to ${max} (${what})`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

/** Every environment variable the server reads, with its default for the embedded mode. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_BASE_URL: url('the site origin').optional(),
  CONTACT_EMAIL: z.email({ error: 'must be an e-mail address' }).default('contact@arguscreative.com'),
  FEEDBACK_FORM_URL: z
    .url({ protocol: /^https$/, error: 'must be an absolute https URL of an embeddable form' })
    .optional(),
  SOCIAL_FACEBOOK_URL: url('Facebook page').default('https://www.facebook.com/arguscreative'),
  SOCIAL_INSTAGRAM_URL: url('Instagram profile').default('https://www.instagram.com/arguscreative'),
  SOCIAL_X_URL: url('X profile').default('https://x.com/arguscreative'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// connection URL' })
    .optional(),
  API_PRODUCT: z
    .string()
    .regex(/^[a-z0-9-]+$/, { error: 'must be lower-case letters, digits and dashes' })
    .default('words'),
  UPSTREAM_API_URL: url(
    'an external content API, e.g. https://api.example.com/arguscreative/words',
  ).optional(),
  SECRETS_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, { error: 'must be 32 bytes, base64-encoded (openssl rand -base64 32)' })
    .optional(),
  // The rule of every panel account's name (shared/names.ts): NFKC, no control or invisible characters.
  ADMIN_USERNAME: z.string().trim().pipe(usernameSchema).optional(),
  ADMIN_PASSWORD: z.string().min(12, { error: 'must be at least 12 characters' }).optional(),
  DEMO_CONTENT: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  SESSION_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// connection URL' })
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/, { error: 'must be 1-64 letters, digits, colons, dashes or underscores' })
    .default('argus:'),
  TRUST_PROXY: z.coerce
    .number({ error: 'must be a whole number of proxy hops' })
    .int({ error: 'must be a whole number of proxy hops' })
    .min(0, { error: 'must be a whole number of proxy hops' })
    .max(10, { error: 'must be at most 10 proxy hops' })
    .default(0),
  ACCESS_TOKEN_TTL: seconds('access token lifetime', 5, 24 * 3600).default(15 * 60),
  REFRESH_TOKEN_TTL: seconds('refresh token (session) lifetime', 15 * 60, 30 * 24 * 3600).default(12 * 3600),
  UPSTREAM_CONNECT_TIMEOUT_MS: millis('connecting to the content API', 100, 60_000).default(2_000),
  UPSTREAM_HEADERS_TIMEOUT_MS: millis('the content API starting its answer', 500, 120_000).default(8_000),
  UPSTREAM_BODY_TIMEOUT_MS: millis('a pause inside the content API answer', 500, 120_000).default(8_000),
  DB_STATEMENT_TIMEOUT_MS: millis('one PostgreSQL statement', 100, 600_000).default(10_000),
  REDIS_COMMAND_TIMEOUT_MS: millis('one Redis command', 50, 60_000).default(1_500),
  METRICS_TOKEN: z.string().min(24, { error: 'must be at least 24 characters' }).optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  RENDER_THREADS: z.coerce
    .number({ error: 'must be a whole number of threads from 0 to 8' })
    .int({ error: 'must be a whole number of threads from 0 to 8' })
    .min(0, { error: 'must be a whole number of threads from 0 to 8' })
    .max(8, { error: 'must be a whole number of threads from 0 to 8' })
    .optional(),
  REFRESH_REUSE_GRACE: seconds('refresh-token reuse grace window', 0, 60).default(10),
  DICTIONARIES: z.string().optional(),
  OFFENSIVE_WORDS_DIR: z.string().optional(),
  RELEASE_RETENTION: z.coerce
    .number({ error: 'must be a whole number of releases from 2 to 1000' })
    .int({ error: 'must be a whole number of releases from 2 to 1000' })
    .min(2, { error: 'must be a whole number of releases from 2 to 1000' })
    .max(1000, { error: 'must be a whole number of releases from 2 to 1000' })
    .default(50),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  logLevel: Env['LOG_LEVEL'];
  /** Folder holding the built client: `manifest.json` and `public/assets/*`. */
  buildDir: string;
  public: PublicConfig;
  /** Where the embedded mode keeps its SQLite file and generated secrets (mode 0600). */
  dataDir: string;
  /** PostgreSQL instead of SQLite when set. */
  databaseUrl: string | null;
  /** The `{product}` of `/arguscreative/{product}`. */
  apiProduct: string;
  /** An external backend speaking the content API contract; the embedded API is not mounted then. */
  upstreamApiUrl: string | null;
  /** Base64 32-byte key encrypting TOTP secrets; generated under dataDir when unset. */
  secretsKey: string | null;
  /** First-start admin; without it a strong password is generated and printed once. */
  admin: { username: string; password: string | null };
  demoContent: boolean;
  /** Signs the panel's session cookie; generated once under dataDir when unset. */
  sessionSecret: string | null;
  /** Sessions and rate limits in Redis (shared by several instances) instead of SQLite and memory. */
  redisUrl: string | null;
  /** Prepended to every Redis key, so several deployments can share one Redis. */
  redisKeyPrefix: string;
  /** Reverse proxies in front of the server whose X-Forwarded-* headers are believed (Express `trust proxy`). */
  trustProxy: number;
  /** Token lifetimes (ms), read by the content API and the panel session alike. */
  tokens: TokenSettings;
  /** Limits on calls to the content API (the panel's proxy and session), in ms. */
  upstreamTimeouts: { connectTimeoutMs: number; headersTimeoutMs: number; bodyTimeoutMs: number };
  /** GET /metrics on the main port with this bearer token; unset: not served there. */
  metricsToken: string | null;
  /** A separate listener (on HOST) serving /metrics without a token, for a scraper on a private network. */
  metricsPort: number | null;
  /** Worker threads rendering the panel's pages (0: the main thread renders them). */
  renderThreads: number;
  /** PostgreSQL statement_timeout (ms): no query holds a connection longer. */
  dbStatementTimeoutMs: number;
  /** A Redis command that gets no answer within this (ms) fails: Redis frozen is not a hang. */
  redisCommandTimeoutMs: number;
  /** The reference dictionary of each language named (issue 46); others are not judged. */
  dictionaries: DictionarySetting[];
  /** The operator's own offensive-word lists (`<language or code>.txt`), added to the bundled ones. */
  offensiveWordsDir: string | null;
  /** Releases kept (the current one and the one before it always are). */
  releaseRetention: number;
}

export interface TokenSettings {
  accessMs: number;
  /** Absolute: a session (token family) ends this long after the second factor, however active. */
  refreshMs: number;
  /** How long a just-rotated refresh token may be presented again for the same new pair. */
  reuseGraceMs: number;
}

export class ConfigError extends Error {}

/** A setting parsed by its own code: its error becomes a ConfigError naming the variable. */
function settingOf<T>(name: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${name} ${(error as Error).message}`);
  }
}

/** Validates the environment; throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
): Config {
  // Empty strings mean "unset", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = issue.path.join('.') || 'environment';
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}`);
  }
  const e = parsed.data;
  if (e.REFRESH_TOKEN_TTL < e.ACCESS_TOKEN_TTL) {
    throw new ConfigError(
      'Invalid configuration: REFRESH_TOKEN_TTL must not be shorter than ACCESS_TOKEN_TTL',
    );
  }
  const dictionaries = settingOf('DICTIONARIES', () => parseDictionaries(e.DICTIONARIES));
  const offensiveWordsDir = settingOf('OFFENSIVE_WORDS_DIR', () => parseOffensiveDir(e.OFFENSIVE_WORDS_DIR));
  const config: Config = {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    buildDir: path.join(ROOT, 'build') + path.sep,
    public: {
      contactEmail: e.CONTACT_EMAIL,
      feedbackFormUrl: e.FEEDBACK_FORM_URL ?? null,
      social: { facebook: e.SOCIAL_FACEBOOK_URL, instagram: e.SOCIAL_INSTAGRAM_URL, x: e.SOCIAL_X_URL },
      baseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    },
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    apiProduct: e.API_PRODUCT,
    upstreamApiUrl: e.UPSTREAM_API_URL?.replace(/\/+$/, '') ?? null,
    secretsKey: e.SECRETS_KEY ?? null,
    admin: { username: e.ADMIN_USERNAME ?? 'admin', password: e.ADMIN_PASSWORD ?? null },
    demoContent: e.DEMO_CONTENT === 'true',
    sessionSecret: e.SESSION_SECRET ?? null,
    redisUrl: e.REDIS_URL ?? null,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    trustProxy: e.TRUST_PROXY,
    upstreamTimeouts: {
      connectTimeoutMs: e.UPSTREAM_CONNECT_TIMEOUT_MS,
      headersTimeoutMs: e.UPSTREAM_HEADERS_TIMEOUT_MS,
      bodyTimeoutMs: e.UPSTREAM_BODY_TIMEOUT_MS,
    },
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    // None unless asked for: a thread is a second V8 heap, whose memory takes the server past P10's
    // budget (docs/decisions/003-render-threads.md).
    renderThreads: e.RENDER_THREADS ?? 0,
    metricsToken: e.METRICS_TOKEN ?? null,
    metricsPort: e.METRICS_PORT ?? null,
    redisCommandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS,
    dictionaries,
    offensiveWordsDir,
    releaseRetention: e.RELEASE_RETENTION,
    tokens: {
      accessMs: e.ACCESS_TOKEN_TTL * 1000,
      refreshMs: e.REFRESH_TOKEN_TTL * 1000,
      reuseGraceMs: e.REFRESH_REUSE_GRACE * 1000,
    },
  };
  return { ...config, ...overrides };
}
