import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ CONTACT_EMAIL: 'team@example.org' });
});
afterAll(() => app.stop());

const get = (path: string) => request(app.handler).get(path);

describe('public pages', () => {
  it('landing shows every feature, the disabled download button and the feedback alternative', async () => {
    const res = await get('/')
      .expect(200)
      .expect('Content-Type', /text\/html/);
    const html = res.text;
    for (const text of [
      'Ranked mode',
      'Practice mode',
      'Peek Words',
      'Extra Time',
      'New Letters',
      'Demo Money',
      'leaderboard',
      'dictionary',
    ]) {
      expect(html, text).toMatch(new RegExp(text, 'i'));
    }
    expect(html).toMatch(/<button[^>]*disabled[^>]*>\s*Coming Soon\s*<\/button>/);
    expect(html).toContain('href="mailto:team@example.org');
    expect(html).toContain('href="/about-us"');
    expect(html).toContain('href="/terms-of-service"');
    expect(html).toContain('href="/privacy-policy"');
    expect(html).toContain('https://www.facebook.com/arguscreative');
    expect(html).toContain('https://www.instagram.com/arguscreative');
    expect(html).toContain('https://x.com/arguscreative');
  });

  it('states the super powers coin costs from the spec', async () => {
    const text = (await get('/').expect(200)).text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    // Each super power card: its cost badge, its name, then what it does.
    expect(text).toMatch(/1 coin Peek Words [^.]*already entered[^.]*duplicate/i);
    expect(text).toMatch(/3 coins Extra Time Add 10 seconds to the timer in ranked mode/i);
    expect(text).toMatch(/5 coins New Letters Refresh the letter group[^.]*essential requirements/i);
  });

  it.each([
    [
      '/terms-of-service',
      [
        'Terms of Service',
        'Introduction',
        'obligations',
        'Intellectual property',
        'Changes',
        'In-app purchases',
        'refund',
        'Demo Money',
      ],
    ],
    [
      '/privacy-policy',
      [
        'Privacy Policy',
        'Introduction',
        'Information',
        'usage data',
        'Sharing',
        'Security',
        'Changes',
        'payment',
      ],
    ],
  ])('%s has every section, the date and the contact e-mail', async (path, sections) => {
    const html = (await get(path).expect(200)).text;
    for (const section of sections) expect(html, section).toMatch(new RegExp(section, 'i'));
    expect(html).toContain('Last updated January 15, 2025');
    expect(html).toContain('mailto:team@example.org');
  });

  it('about page credits WordNet with a link to its official site', async () => {
    const html = (await get('/about-us').expect(200)).text;
    expect(html).toMatch(/Acknowledg/);
    expect(html).toContain('href="https://wordnet.princeton.edu/"');
    expect(html).toMatch(/Princeton University/);
  });

  it('every page has its own title, description, canonical URL and Open Graph tags', async () => {
    const titles = new Set<string>();
    for (const path of ['/', '/about-us', '/terms-of-service', '/privacy-policy']) {
      const html = (await get(path).expect(200)).text;
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      expect(title).toBeTruthy();
      titles.add(title!);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}">/);
      expect(html).toContain(`<link rel="canonical" href="http://localhost:3000${path}">`);
      expect(html).toMatch(/<meta property="og:title" content="[^"]+">/);
      expect(html).toMatch(/<html lang="en">/);
    }
    expect(titles.size).toBe(4);
  });

  it('public pages ship no JavaScript at all', async () => {
    for (const path of ['/', '/about-us', '/terms-of-service', '/privacy-policy', '/missing']) {
      const html = (await get(path)).text;
      expect(html, path).not.toMatch(/<script/i);
    }
  });

  it('unknown paths answer 404 with the not-found page', async () => {
    for (const path of ['/missing', '/a/b/c', '/terms-of-service/extra']) {
      const res = await get(path).expect(404);
      expect(res.text).toContain('Error 404');
      expect(res.text).toContain('Page not found');
      expect(res.text).toMatch(/<a[^>]*href="\/"[^>]*>\s*Go Home\s*<\/a>/);
      expect(res.text).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('serves robots.txt and a sitemap of the public pages', async () => {
    const robots = await get('/robots.txt')
      .expect(200)
      .expect('Content-Type', /text\/plain/);
    expect(robots.text).toContain('Disallow: /argusma-words-panel/');
    expect(robots.text).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    const sitemap = await get('/sitemap.xml').expect(200).expect('Content-Type', /xml/);
    for (const path of ['/', '/about-us', '/terms-of-service', '/privacy-policy']) {
      expect(sitemap.text).toContain(`<loc>http://localhost:3000${path}</loc>`);
    }
  });

  it('links the stylesheet and favicon from content-hashed, immutable assets', async () => {
    const html = (await get('/').expect(200)).text;
    const css = /<link rel="stylesheet" href="(\/assets\/app-[A-Z0-9]+\.css)">/.exec(html)?.[1];
    const icon = /<link rel="icon" type="image\/svg\+xml" href="(\/assets\/favicon-[A-Z0-9]+\.svg)">/.exec(
      html,
    )?.[1];
    expect(css).toBeTruthy();
    expect(icon).toBeTruthy();
    const res = await get(css!).set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    await get(icon!).expect(200).expect('Content-Type', /svg/);
  });
});
