import type { Generated } from 'kysely';

/**
 * Row types as Kysely sees them (camelCase; the CamelCasePlugin maps to snake_case columns).
 * Booleans come back as 0/1 from SQLite and timestamps as ISO text from SQLite / Date from
 * PostgreSQL: read rows through the store layer, which normalises both.
 */
type Bool = boolean | number;
type Timestamp = string | Date;

export interface LanguagesTable {
  id: Generated<number>;
  isActive: Generated<Bool>;
  language: string;
}

export interface StagesTable {
  id: Generated<number>;
  isActive: Generated<Bool>;
  letters: Generated<string>;
  letterCount: number;
  number: number;
}

export interface LetterGroupsTable {
  id: Generated<number>;
  isActive: Generated<Bool>;
  letters: string;
  languageId: number;
  stageId: number;
}

export interface WordsTable {
  id: Generated<number>;
  isActive: Generated<Bool>;
  letters: string;
  languageId: number;
  /** Migration 0026: open dictionary findings (shared/dictionary.ts), NULL when none. */
  flags: Generated<string | null>;
  decision: Generated<string | null>;
  decisionReason: Generated<string | null>;
}

export interface LevelsTable {
  id: Generated<number>;
  isActive: Generated<Bool>;
  number: number;
  hint: string | null;
  assignment: Generated<string>;
  time: Generated<number>;
  requiredLetterFlag: Generated<Bool>;
  requiredLetter: Generated<string>;
  requiredLetterPosition: Generated<number>;
  checkCondition: Generated<string>;
  isChill: Generated<Bool>;
  stageId: number;
  languageId: number;
}

export interface UsersTable {
  id: Generated<number>;
  isActive: Generated<Bool>;
  email: Generated<string>;
  username: string;
  avatar: Generated<string>;
  role: Generated<string>;
  diamonds: Generated<number>;
  coins: Generated<number>;
  validWords: Generated<number>;
  invalidWords: Generated<number>;
  duplicateWords: Generated<number>;
  firstLoad: Generated<Bool>;
  appleId: Generated<string>;
  googleId: Generated<string>;
  languageId: number | null;
  isTwoFa: Generated<Bool>;
  maxLevel: Generated<number>;
  totalScore: Generated<number>;
  previousUsername: Generated<string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  deletedAt: Timestamp | null;
}

export interface UserLevelsTable {
  id: Generated<number>;
  completed: Generated<Bool>;
  locked: Generated<Bool>;
  validWords: Generated<number>;
  invalidWords: Generated<number>;
  duplicateWords: Generated<number>;
  wordsPerSecond: Generated<number>;
  highestScore: Generated<number>;
  mostValuableWordEntered: Generated<string>;
  levelId: number;
  userId: number;
}

export interface LetterGroupLevelsTable {
  id: Generated<number>;
  used: Generated<Bool>;
  letterGroupId: number;
  levelId: number;
}

export interface LetterGroupWordsTable {
  id: Generated<number>;
  letterGroupId: number;
  wordId: number;
}

export interface ContentTables {
  languages: LanguagesTable;
  stages: StagesTable;
  letterGroups: LetterGroupsTable;
  words: WordsTable;
  levels: LevelsTable;
  users: UsersTable;
  userLevels: UserLevelsTable;
  letterGroupLevels: LetterGroupLevelsTable;
  letterGroupWords: LetterGroupWordsTable;
}

/** Credentials and tokens (migration 0002-auth). Times are epoch milliseconds. */
export interface AuthCredentialsTable {
  userId: number;
  passwordHash: string;
  /** AES-256-GCM ciphertext (see server/api/auth/secret-box.ts), never the raw secret. */
  totpSecret: string | null;
  enrolledAt: number | null;
  lastTotpStep: number | null;
  createdAt: number;
  updatedAt: number;
  /** Migration 0017: 'administrator' | 'editor' | 'viewer' (shared/permissions.ts). */
  permissions: Generated<string>;
  /** Migration 0017: JSON array of language ids the account is limited to; null: every language. */
  languages: string | null;
  lastLoginAt: number | null;
  lastLoginIp: string | null;
}

export interface AuthRecoveryCodesTable {
  id: Generated<number>;
  userId: number;
  codeHash: string;
  usedAt: number | null;
}

export interface AuthTokensTable {
  id: Generated<number>;
  tokenHash: string;
  /** `enrolment`: an invitation's one-time link (issue 33). */
  kind: 'two-factor' | 'access' | 'refresh' | 'enrolment';
  userId: number;
  familyId: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  revokedAt: number | null;
  attempts: Generated<number>;
}

/** Migration 0017: tokens for scripts and schedulers. Times are epoch milliseconds. */
export interface ApiTokensTable {
  id: Generated<number>;
  name: string;
  /** HMAC-SHA256 of the token under a key derived from SECRETS_KEY (server/api/team/api-tokens.ts). */
  tokenHash: string;
  userId: number;
  permissions: string;
  languages: string | null;
  createdAt: number;
  expiresAt: number;
  lastUsedAt: number | null;
  lastUsedIp: string | null;
  revokedAt: number | null;
}

export interface AuthTables {
  apiTokens: ApiTokensTable;
  authCredentials: AuthCredentialsTable;
  authRecoveryCodes: AuthRecoveryCodesTable;
  authTokens: AuthTokensTable;
}

/** The content API's audit log (migration 0003-audit). `before`/`after` are JSON text. */
export interface AuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  userId: number | null;
  username: string;
  ip: string;
  entity: string;
  entityId: number;
  action: string;
  before: string | null;
  after: string | null;
  /** Migration 0008: the change set the write belonged to, if its client sent one. */
  changeSetId: string | null;
}

/** Migration 0008: the writes of one CLI run (or one undo), as one unit. */
export interface ChangeSetsTable {
  id: string;
  /** PostgreSQL: serial; SQLite: written as max + 1. */
  seq: Generated<number>;
  at: Timestamp;
  lastAt: Timestamp;
  userId: number | null;
  username: string;
  command: string;
  created: Generated<number>;
  updated: Generated<number>;
  deleted: Generated<number>;
  undoes: string | null;
  undoneBy: string | null;
  undoneAt: Timestamp | null;
}

/** Migration 0013: hard-deleted rows, restorable for 30 days. `row` is JSON text. */
export interface TrashTable {
  id: Generated<number>;
  entity: string;
  entityId: number;
  row: string;
  deletedAt: Timestamp;
  userId: number | null;
  deletedBy: string;
  changeSetId: string | null;
}

export interface AuditTables {
  auditLog: AuditLogTable;
  changeSets: ChangeSetsTable;
  trash: TrashTable;
}

/** Migration 0027: the dictionary each language's word flags were computed with. */
export interface DictionaryChecksTable {
  languageId: number;
  fingerprint: string | null;
  source: string | null;
  checkedAt: Timestamp | null;
}

/** Every table. Later migrations add their table interfaces here. */
export type Database = ContentTables & AuthTables & AuditTables & { dictionaryChecks: DictionaryChecksTable };
