import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('works with no variables at all (embedded defaults)', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.isProduction).toBe(false);
    expect(config.public.baseUrl).toBe('http://localhost:3000');
    expect(config.public.feedbackFormUrl).toBeNull();
    expect(config.databaseUrl).toBeNull();
    expect(config.apiProduct).toBe('words');
  });

  it('reads the public settings', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_BASE_URL: 'https://words.example.com/',
      CONTACT_EMAIL: 'hi@example.com',
      FEEDBACK_FORM_URL: 'https://forms.example.com/f?embedded=true',
      SOCIAL_X_URL: 'https://x.com/example',
    });
    expect(config.port).toBe(8080);
    expect(config.public).toMatchObject({
      baseUrl: 'https://words.example.com',
      contactEmail: 'hi@example.com',
      feedbackFormUrl: 'https://forms.example.com/f?embedded=true',
      social: { x: 'https://x.com/example' },
    });
  });

  it('reads the session settings (hop count, never `true`)', () => {
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({
      sessionSecret: null,
      redisUrl: null,
      redisKeyPrefix: 'argus:',
      trustProxy: 0,
    });
    const set = loadConfig({
      TRUST_PROXY: '2',
      REDIS_URL: 'redis://127.0.0.1:6379/1',
      SESSION_SECRET: 'x'.repeat(32),
    });
    expect(set).toMatchObject({
      trustProxy: 2,
      redisUrl: 'redis://127.0.0.1:6379/1',
      sessionSecret: 'x'.repeat(32),
    });
  });

  it('reads token lifetimes in seconds, within sane bounds', () => {
    expect(loadConfig({}).tokens).toEqual({ accessMs: 900_000, refreshMs: 43_200_000, reuseGraceMs: 10_000 });
    expect(
      loadConfig({ ACCESS_TOKEN_TTL: '300', REFRESH_TOKEN_TTL: '3600', REFRESH_REUSE_GRACE: '5' }).tokens,
    ).toEqual({ accessMs: 300_000, refreshMs: 3_600_000, reuseGraceMs: 5_000 });
    expect(() => loadConfig({ ACCESS_TOKEN_TTL: '4' })).toThrow(
      'ACCESS_TOKEN_TTL must be a whole number of seconds from 5 to 86400',
    );
    expect(() => loadConfig({ REFRESH_TOKEN_TTL: '1.5' })).toThrow(
      /REFRESH_TOKEN_TTL must be a whole number/,
    );
    expect(() => loadConfig({ ACCESS_TOKEN_TTL: '3600', REFRESH_TOKEN_TTL: '1800' })).toThrow(
      'REFRESH_TOKEN_TTL must not be shorter than ACCESS_TOKEN_TTL',
    );
  });

  it('renders panel pages on the main thread unless render threads are asked for', () => {
    expect(loadConfig({}).renderThreads).toBe(0);
    expect(loadConfig({ NODE_ENV: 'production' }).renderThreads).toBe(0);
    expect(loadConfig({ RENDER_THREADS: '2' }).renderThreads).toBe(2);
    for (const bad of ['9', '-1', '1.5', 'two']) {
      expect(() => loadConfig({ RENDER_THREADS: bad })).toThrow(
        'RENDER_THREADS must be a whole number of threads from 0 to 8',
      );
    }
  });

  it('reads the dictionaries: bundled codes and a folder holding one .dic/.aff pair', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'argus-dict-'));
    writeFileSync(path.join(dir, 'de_AT.dic'), '1\nHaus\n');
    writeFileSync(path.join(dir, 'de_AT.aff'), 'SET UTF-8\n');
    const config = loadConfig({ DICTIONARIES: ` English=en , Deutsch=${dir}`, OFFENSIVE_WORDS_DIR: dir });
    expect(config.dictionaries).toEqual([
      { language: 'english', source: { kind: 'package', code: 'en' } },
      {
        language: 'deutsch',
        source: {
          kind: 'folder',
          dic: path.join(dir, 'de_AT.dic'),
          aff: path.join(dir, 'de_AT.aff'),
          code: 'de',
        },
      },
    ]);
    expect(config.offensiveWordsDir).toBe(dir);
    expect(loadConfig({}).dictionaries).toEqual([]);
    writeFileSync(path.join(dir, 'other.dic'), '1\nx\n');
    writeFileSync(path.join(dir, 'other.aff'), '\n');
    expect(() => loadConfig({ DICTIONARIES: `Deutsch=${dir}` })).toThrow(
      /must hold exactly one \.dic\/\.aff pair/,
    );
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', FEEDBACK_FORM_URL: '' }).port).toBe(3000);
  });

  it.each([
    ['PORT', 'abc', /^Invalid configuration: PORT /],
    ['PORT', '70000', /^Invalid configuration: PORT /],
    ['NODE_ENV', 'staging', /^Invalid configuration: NODE_ENV /],
    ['CONTACT_EMAIL', 'not-an-email', /^Invalid configuration: CONTACT_EMAIL must be an e-mail address$/],
    ['FEEDBACK_FORM_URL', 'http://insecure.example.com', /^Invalid configuration: FEEDBACK_FORM_URL must be/],
    ['PUBLIC_BASE_URL', 'javascript:alert(1)', /^Invalid configuration: PUBLIC_BASE_URL must be/],
    ['DATABASE_URL', 'mysql://x', /^Invalid configuration: DATABASE_URL must be a postgres/],
    ['SECRETS_KEY', 'short', /^Invalid configuration: SECRETS_KEY must be 32 bytes/],
    ['SESSION_SECRET', 'too-short', /^Invalid configuration: SESSION_SECRET must be at least 32/],
    ['REDIS_URL', 'http://127.0.0.1:6379', /^Invalid configuration: REDIS_URL must be a redis/],
    ['TRUST_PROXY', 'true', /^Invalid configuration: TRUST_PROXY must be a whole number/],
    ['TRUST_PROXY', '-1', /^Invalid configuration: TRUST_PROXY must be a whole number/],
    [
      'DICTIONARIES',
      'English',
      /^Invalid configuration: DICTIONARIES entry "English" must be LANGUAGE=SOURCE/,
    ],
    [
      'DICTIONARIES',
      'English=xx',
      /^Invalid configuration: DICTIONARIES entry "English=xx": xx must be an absolute folder or one of en, es, fr, de$/,
    ],
    [
      'DICTIONARIES',
      'English=en,english=es',
      /^Invalid configuration: DICTIONARIES names the language "english" twice$/,
    ],
    [
      'DICTIONARIES',
      'English=/no/such/folder',
      /^Invalid configuration: DICTIONARIES entry .*: \/no\/such\/folder is not a folder$/,
    ],
    [
      'OFFENSIVE_WORDS_DIR',
      '/no/such/folder',
      /^Invalid configuration: OFFENSIVE_WORDS_DIR \/no\/such\/folder is not a folder$/,
    ],
  ])('rejects %s=%s with one line naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('\n');
    }
  });
});
