import { describe, expect, it } from 'vitest';
import { matchAllowedCall } from './allowed-routes.ts';

/** The link builder's calls through the panel proxy (issue 13), and only those. */
describe('matchAllowedCall: the link builder', () => {
  it.each([
    [
      'GET',
      '/letter-groups/cms/7/link-plan?reuseLetters=true',
      'letter-groups/cms/7/link-plan',
      'reuseLetters=true',
    ],
    ['POST', '/letter-groups/cms/7/link-plan', 'letter-groups/cms/7/link-plan', ''],
    ['GET', '/letter-groups/cms/link-jobs', 'letter-groups/cms/link-jobs', ''],
    ['POST', '/letter-groups/cms/link-jobs', 'letter-groups/cms/link-jobs', ''],
    ['GET', '/letter-groups/cms/link-jobs/3', 'letter-groups/cms/link-jobs/3', ''],
  ])('allows %s %s', (method, url, path, query) => {
    expect(matchAllowedCall(method, url)).toMatchObject({ method, path, query });
  });

  it.each([
    ['DELETE', '/letter-groups/cms/7/link-plan'],
    ['PUT', '/letter-groups/cms/link-jobs/3'],
    ['POST', '/letter-groups/cms/link-jobs/3'],
    ['GET', '/letter-groups/cms/x/link-plan'],
    ['GET', '/words/cms/7/link-plan'],
    ['GET', '/letter-groups/cms/link-jobs/..%2f1'],
  ])('refuses %s %s', (method, url) => {
    expect(matchAllowedCall(method, url)).toBeNull();
  });
});
