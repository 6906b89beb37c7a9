import { describe, expect, it } from 'vitest';
import { matchAllowedCall } from './allowed-routes.ts';

/** The Releases screen's calls through the panel proxy (issue 45), and only those. */
describe('matchAllowedCall: releases', () => {
  it.each([
    ['GET', '/releases/cms', 'releases/cms', ''],
    ['POST', '/releases/cms', 'releases/cms', ''],
    ['GET', '/releases/cms/draft', 'releases/cms/draft', ''],
    ['GET', '/releases/cms/jobs', 'releases/cms/jobs', ''],
    ['GET', '/releases/cms/jobs/4', 'releases/cms/jobs/4', ''],
    ['GET', '/releases/cms/schedules', 'releases/cms/schedules', ''],
    ['POST', '/releases/cms/schedules', 'releases/cms/schedules', ''],
    ['DELETE', '/releases/cms/schedules/2', 'releases/cms/schedules/2', ''],
    ['GET', '/releases/cms/3', 'releases/cms/3', ''],
    ['GET', '/releases/cms/3/diff?against=1', 'releases/cms/3/diff', 'against=1'],
    ['POST', '/releases/cms/3/rollback', 'releases/cms/3/rollback', ''],
    ['POST', '/releases/cms/3/widen', 'releases/cms/3/widen', ''],
  ])('allows %s %s', (method, url, path, query) => {
    expect(matchAllowedCall(method, url)).toMatchObject({ method, path, query });
  });

  it.each([
    // The game's reads are the game's, with its own token: never through a panel session.
    ['GET', '/releases/current/1'],
    ['GET', '/releases/3/1'],
    ['DELETE', '/releases/cms/3'],
    ['PUT', '/releases/cms'],
    ['GET', '/releases/cms/3/rollback'],
    ['POST', '/releases/cms/draft'],
    ['POST', '/releases/cms/jobs/4'],
    ['GET', '/releases/cms/schedules/2'],
    ['GET', '/releases/cms/..%2f3'],
    ['GET', '/releases/cms/3/prune'],
  ])('refuses %s %s', (method, url) => {
    expect(matchAllowedCall(method, url)).toBeNull();
  });
});
