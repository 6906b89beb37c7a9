import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiDeclarations } from '../api/declarations.ts';
import { matchAllowedCall, upstreamUrl } from './allowed-routes.ts';

const UUID = '0b5c2f1e-1d2a-4c3b-9e8f-0123456789ab';

const BASE = new URL('http://127.0.0.1:3000/arguscreative/words/');

describe('matchAllowedCall', () => {
  it.each([
    ['GET', '/levels/cms/search/?page=0&hint=a%20b', 'searchLevel', 'levels/cms/search/', 'page=0&hint=a+b'],
    ['GET', '/levels/cms/search', 'searchLevel', 'levels/cms/search/', ''],
    ['POST', '/levels/cms', 'createLevel', 'levels/cms', ''],
    ['POST', '/levels/cms/', 'createLevel', 'levels/cms', ''],
    ['PUT', '/levels/cms/12', 'updateLevel', 'levels/cms/12', ''],
    ['DELETE', '/levels/cms/12', 'deleteLevel', 'levels/cms/12', ''],
    ['POST', '/words/cms/bulk', 'bulkWord', 'words/cms/bulk', ''],
    ['POST', '/letter-group-words/cms', 'createLetterGroupWord', 'letter-group-words/cms', ''],
    ['POST', '/letter-group-levels/cms', 'createLetterGroupLevel', 'letter-group-levels/cms', ''],
    ['GET', '/audit/cms/search/', 'searchAuditEntry', 'audit/cms/search/', ''],
    ['GET', '/audit/cms/3', 'getAuditEntry', 'audit/cms/3', ''],
    ['GET', '/users/cms/3', 'getUser', 'users/cms/3', ''],
    ['POST', '/levels/cms/solvability', 'levelSolvabilityOfValues', 'levels/cms/solvability', ''],
    [
      'GET',
      '/levels/cms/solvability?ids=1,2',
      'levelSolvabilityBatch',
      'levels/cms/solvability',
      'ids=1%2C2',
    ],
    ['GET', '/levels/cms/7/solvability', 'levelSolvability', 'levels/cms/7/solvability', ''],
    [
      'GET',
      '/levels/cms/difficulty?stageId=4&languageId=1',
      'levelDifficulty',
      'levels/cms/difficulty',
      'stageId=4&languageId=1',
    ],
    ['POST', '/users/cms/bulk-update', 'bulkupdateUser', 'users/cms/bulk-update', ''],
    ['POST', '/words/cms/bulk-delete', 'bulkdeleteWord', 'words/cms/bulk-delete', ''],
    [
      'GET',
      '/words/cms/export?format=csv&sort=letters:desc',
      'exportWord',
      'words/cms/export',
      'format=csv&sort=letters%3Adesc',
    ],
    ['GET', '/health/cms', 'getContentHealth', 'health/cms', ''],
    ['GET', '/health/cms/', 'getContentHealth', 'health/cms', ''],
    ['POST', '/audit/cms/7/revert', 'revertAuditEntry', 'audit/cms/7/revert', ''],
    ['GET', '/trash/cms/search/?entity=words', 'searchTrash', 'trash/cms/search/', 'entity=words'],
    ['GET', '/trash/cms/search', 'searchTrash', 'trash/cms/search/', ''],
    ['POST', '/trash/cms/4/restore', 'restoreFromTrash', 'trash/cms/4/restore', ''],
    [
      'GET',
      '/change-sets/cms/search/?page=1&username=ann',
      'searchChangeSets',
      'change-sets/cms/search/',
      'page=1&username=ann',
    ],
    ['GET', '/change-sets/cms/search', 'searchChangeSets', 'change-sets/cms/search/', ''],
    [
      'GET',
      '/change-sets/cms/0b5c2f1e-1d2a-4c3b-9e8f-0123456789ab',
      'getChangeSet',
      'change-sets/cms/0b5c2f1e-1d2a-4c3b-9e8f-0123456789ab',
      '',
    ],
    [
      'GET',
      '/change-sets/cms/0b5c2f1e-1d2a-4c3b-9e8f-0123456789ab/entries?page=0&size=20',
      'getChangeSetEntries',
      'change-sets/cms/0b5c2f1e-1d2a-4c3b-9e8f-0123456789ab/entries',
      'page=0&size=20',
    ],
    [
      'POST',
      '/change-sets/cms/0b5c2f1e-1d2a-4c3b-9e8f-0123456789ab/undo',
      'undoChangeSet',
      'change-sets/cms/0b5c2f1e-1d2a-4c3b-9e8f-0123456789ab/undo',
      '',
    ],
  ])('allows %s %s', (method, url, operationId, path, query) => {
    expect(matchAllowedCall(method, url)).toMatchObject({ spec: { operationId }, path, query });
  });

  it.each([
    ['POST', '/users/cms'], // users have no create
    ['POST', '/user-levels/cms'],
    ['DELETE', '/audit/cms/1'],
    ['GET', '/audit/cms/1/revert'],
    ['POST', '/audit/cms/x/revert'],
    ['POST', '/trash/cms/search/'],
    ['DELETE', '/trash/cms/4'],
    ['GET', '/trash/cms/4/restore'],
    ['POST', '/trash/cms/4/restore/x'],
    ['GET', '/change-sets/cms/0b5c2f1e-1d2a-4c3b-9e8f-0123456789ab/undo'],
    ['POST', '/change-sets/cms/0b5c2f1e-1d2a-4c3b-9e8f-0123456789ab'],
    ['DELETE', '/change-sets/cms/0b5c2f1e-1d2a-4c3b-9e8f-0123456789ab'],
    ['POST', '/change-sets/cms/search/'],
    ['GET', '/change-sets/cms/0B5C2F1E-1D2A-4C3B-9E8F-0123456789AB'],
    ['GET', '/change-sets/cms/0b5c2f1e-1d2a-4c3b-9e8f-0123456789abx'],
    ['GET', '/change-sets/cms/12'],
    ['GET', '/change-sets/cms/0b5c2f1e-1d2a-4c3b-9e8f-0123456789ab/entries/1'],
    ['PUT', '/audit/cms/1'],
    ['GET', '/auth/refresh-token'],
    ['POST', '/auth/login'],
    ['GET', '/levels/cms/abc'],
    ['GET', '/levels/cms/1/2'],
    ['GET', '/levels/cms/12345678901'],
    ['PATCH', '/levels/cms/1'],
    ['HEAD', '/levels/cms/search/'],
    ['GET', '//evil.example/levels/cms/1'],
    ['GET', '/levels//cms/1'],
    ['GET', '/levels/cms/%2e%2e/x'],
    ['GET', '/Levels/cms/1'],
    ['PUT', '/levels/cms/solvability'],
    ['POST', '/levels/cms/7/solvability'],
    ['GET', '/words/cms/7/solvability'],
    ['GET', '/levels/cms/x/solvability'],
    ['POST', '/levels/cms/difficulty'],
    ['GET', '/levels/cms/7/difficulty'],
    ['GET', '/words/cms/bulk-delete'],
    ['POST', '/words/cms/export'],
    ['POST', '/audit/cms/bulk-delete'], // the audit log is read-only
    ['POST', '/audit/cms/bulk-update'],
    ['POST', '/audit/cms/bulk'], // no upserts into the audit log
    ['POST', '/health/cms'],
    ['GET', '/health/cms/1'],
    ['GET', '/health/x'],
  ])('refuses %s %s', (method, url) => {
    expect(matchAllowedCall(method, url)).toBeNull();
  });

  it('forwards exactly the operations declared for the panel, and no other', () => {
    const declared = apiDeclarations();
    for (const spec of declared) {
      const url = spec.path
        .replace(/:id/g, spec.path.startsWith('/change-sets') ? UUID : '7')
        .replace(/:\w+/g, '3');
      const call = matchAllowedCall(spec.method.toUpperCase(), url);
      expect(call?.spec.operationId ?? null, `${spec.method} ${spec.path}`).toBe(
        spec.panel ? spec.operationId : null,
      );
    }
    expect(declared.filter((spec) => spec.panel).length).toBeGreaterThan(60);
  });

  it('refuses control characters and huge queries', () => {
    expect(() => matchAllowedCall('GET', '/levels/cms/search/?hint=a%0d%0aX-Evil:1')).toThrow(/control/);
    expect(() => matchAllowedCall('GET', `/levels/cms/search/?hint=${'a'.repeat(3000)}`)).toThrow(/too long/);
  });

  it('only ever builds URLs under the configured origin and prefix (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
        fc.array(
          fc.oneof(fc.string(), fc.constantFrom('levels', 'cms', 'search', '..', '%2e', '%2f', '\\', '1')),
          {
            maxLength: 5,
          },
        ),
        fc.string(),
        (method, segments, query) => {
          let call;
          try {
            call = matchAllowedCall(method, `/${segments.join('/')}?${query}`);
          } catch {
            return;
          }
          if (!call) return;
          const url = upstreamUrl(BASE, call);
          expect(url.origin).toBe(BASE.origin);
          // Only lower-case letters, digits and dashes, in segments: nothing escapes the prefix.
          expect(url.pathname).toMatch(/^\/arguscreative\/words(\/[a-z0-9]+(-[a-z0-9]+)*)+$/);
        },
      ),
      { numRuns: 500 },
    );
  });
});
