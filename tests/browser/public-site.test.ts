/**
 * The public website in a real browser (Debian's Chromium through playwright-core): every page at a
 * phone and a desktop width shows its key content without horizontal scrolling, ships no JavaScript,
 * logs no errors or CSP violations and passes axe-core's WCAG 2.1 AA rules; links navigate; the
 * pages work with JavaScript disabled. (The configured feedback form: feedback-form.test.ts.)
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import {
  VIEWPORTS,
  describeBrowser,
  formatAxeViolations,
  launchBrowser,
  openPage,
  runAxe,
  type BrowserSession,
  type OpenPageOptions,
  type PageIssue,
  type ViewportName,
} from '../helpers/browser.ts';

async function expectVisible(locator: Locator, what: string): Promise<void> {
  expect(await locator.count(), `${what}: not found`).toBeGreaterThan(0);
  expect(await locator.first().isVisible(), `${what}: not visible`).toBe(true);
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const legalNav = (page: Page) => page.getByRole('navigation', { name: 'Legal' });

/** A 404 document makes Chromium log "Failed to load resource … 404" for it; that one is expected. */
const allowDocument404 =
  (documentUrl: string) =>
  (issue: PageIssue): boolean =>
    issue.url === documentUrl &&
    (issue.kind === 'http' || issue.kind === 'console') &&
    /404/.test(issue.text);

interface PublicPage {
  path: string;
  status: number;
  title: RegExp;
  heading: string;
  /** Checks specific to the page, at either width. */
  content(page: Page, app: TestApp): Promise<void>;
}

const PAGES: PublicPage[] = [
  {
    path: '/',
    status: 200,
    title: /Argus Words/,
    heading: 'Grow your vocabulary, one word at a time',
    async content(page, app) {
      for (const heading of [
        'Two ways to play',
        'Super powers',
        'More to explore',
        'Coins, fair and simple',
        'Share your feedback',
        'Get Argus Words',
      ]) {
        await expectVisible(page.getByRole('heading', { level: 2, name: heading, exact: true }), heading);
      }
      for (const feature of [
        'Ranked mode',
        'Practice mode',
        'Interactive level map',
        'Compare stats with friends',
        'Records and leaderboards',
        'Your personal dictionary',
        'Optional in-app purchases',
        'Friends and Family version',
      ]) {
        await expectVisible(page.getByRole('heading', { level: 3, name: feature, exact: true }), feature);
      }
      await expectVisible(page.getByText('Beat the timer', { exact: false }), 'ranked mode timer');
      await expectVisible(page.getByText('Demo Money', { exact: true }), 'Demo Money');

      // The three super powers, each card with its cost.
      for (const [power, cost] of [
        ['Peek Words', '1 coin'],
        ['Extra Time', '3 coins'],
        ['New Letters', '5 coins'],
      ] as const) {
        const card = page
          .locator('article')
          .filter({ has: page.getByRole('heading', { name: power, exact: true }) });
        expect(await card.count(), `${power} card`).toBe(1);
        expect(await card.isVisible(), `${power} card visible`).toBe(true);
        expect((await card.locator('.coin-badge').innerText()).trim()).toBe(cost);
      }
      await expectVisible(
        page.getByText('Add 10 seconds to the timer', { exact: false }),
        'Extra Time effect',
      );

      // Download: disabled 'Coming Soon'.
      const download = page.getByRole('button', { name: 'Coming Soon' });
      expect(await download.isVisible()).toBe(true);
      expect(await download.isDisabled(), "'Coming Soon' must be disabled").toBe(true);

      // No FEEDBACK_FORM_URL: a mailto alternative instead of a frame.
      expect(await page.locator('iframe').count()).toBe(0);
      const email = app.config.public.contactEmail;
      const feedback = page.locator('#feedback');
      const mailto = feedback.getByRole('link', { name: 'Email us your feedback' });
      await expectVisible(mailto, 'feedback mailto button');
      expect(await mailto.getAttribute('href')).toMatch(
        new RegExp(`^mailto:${escapeRegExp(email)}\\?subject=`),
      );
      await expectVisible(feedback.locator(`a[href="mailto:${email}"]`), 'contact address');
    },
  },
  {
    path: '/about-us',
    status: 200,
    title: /About us/,
    heading: 'About us',
    async content(page) {
      for (const heading of ['Who we are', 'What we believe', 'Acknowledgments', 'Say hello']) {
        await expectVisible(page.getByRole('heading', { level: 2, name: heading, exact: true }), heading);
      }
      const acknowledgments = page.locator('section').filter({
        has: page.getByRole('heading', { name: 'Acknowledgments' }),
      });
      await expectVisible(
        acknowledgments.getByText('Princeton University', { exact: false }),
        'Princeton credit',
      );
      const wordnet = acknowledgments.getByRole('link', { name: 'WordNet', exact: true });
      await expectVisible(wordnet, 'WordNet link');
      expect(await wordnet.getAttribute('href')).toBe('https://wordnet.princeton.edu/');
    },
  },
  {
    path: '/terms-of-service',
    status: 200,
    title: /Terms of Service/,
    heading: 'Terms of Service',
    async content(page, app) {
      await expectLegalPage(page, app, [
        'Introduction',
        'User obligations',
        'Intellectual property',
        'Changes to these terms',
        'Contact',
        'In-app purchases',
      ]);
      for (const sub of ['Payment processing', 'Refunds', 'Demo Money in the Friends and Family version']) {
        await expectVisible(page.getByRole('heading', { level: 3, name: sub, exact: true }), sub);
      }
    },
  },
  {
    path: '/privacy-policy',
    status: 200,
    title: /Privacy Policy/,
    heading: 'Privacy Policy',
    async content(page, app) {
      await expectLegalPage(page, app, [
        'Introduction',
        'Information we collect',
        'How we use your information',
        'Sharing your information',
        'Security',
        'Changes to this policy',
        'Contact',
        'In-app purchases and payment information',
      ]);
    },
  },
  {
    path: '/no-such-page',
    status: 404,
    title: /not found/i,
    heading: 'Error 404',
    async content(page) {
      await expectVisible(page.getByText('Page not found', { exact: true }), "'Page not found'");
      const home = page.getByRole('link', { name: 'Go Home' });
      await expectVisible(home, "'Go Home'");
      expect(await home.getAttribute('href')).toBe('/');
    },
  },
];

async function expectLegalPage(page: Page, app: TestApp, sections: string[]): Promise<void> {
  await expectVisible(page.getByText('Last updated January 15, 2025', { exact: true }), 'last updated date');
  for (const section of sections) {
    await expectVisible(page.getByRole('heading', { level: 2, name: section, exact: true }), section);
  }
  const email = app.config.public.contactEmail;
  const contact = page.locator('section#contact');
  await expectVisible(contact.getByRole('link', { name: email }), 'contact e-mail link');
  expect(await contact.getByRole('link', { name: email }).first().getAttribute('href')).toBe(
    `mailto:${email}`,
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Navbar and footer present on every public page. */
async function expectFrame(page: Page, app: TestApp): Promise<void> {
  for (const label of ['About us', 'Terms of Service', 'Privacy Policy']) {
    await expectVisible(mainNav(page).getByRole('link', { name: label, exact: true }), `navbar '${label}'`);
  }
  const footer = page.locator('footer');
  expect(await legalNav(page).getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
    '/terms-of-service',
  );
  expect(await legalNav(page).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
    '/privacy-policy',
  );
  const social = footer.getByRole('navigation', { name: 'Social media' }).getByRole('link');
  expect(await social.count()).toBe(3);
  const hrefs = await social.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  const configured = app.config.public.social;
  expect(hrefs.sort()).toEqual([configured.facebook, configured.instagram, configured.x].sort());
}

describeBrowser('public website in Chromium', () => {
  let browser: Browser;
  let app: TestApp;
  let base: string;
  const sessions: BrowserSession[] = [];

  beforeAll(async () => {
    [browser, app] = await Promise.all([launchBrowser(), startTestApp()]);
    base = await app.listen();
  });

  afterAll(async () => {
    await Promise.all(sessions.map((s) => s.close().catch(() => undefined)));
    await browser?.close();
    await app?.stop();
  });

  async function open(options: Omit<OpenPageOptions, 'baseURL'> = {}): Promise<BrowserSession> {
    const session = await openPage(browser, { baseURL: base, ...options });
    sessions.push(session);
    return session;
  }

  for (const viewport of ['phone', 'desktop'] as ViewportName[]) {
    for (const spec of PAGES) {
      it(`${spec.path} at ${viewport} width: content, no scripts, no errors, no axe violations`, async () => {
        const { page, problems, close } = await open({
          context: VIEWPORTS[viewport],
          allow: allowDocument404(`${base}${spec.path}`),
        });
        const response = await page.goto(spec.path);
        expect(response?.status()).toBe(spec.status);
        expect(await page.title()).toMatch(spec.title);

        expect(await h1(page).count(), 'exactly one h1').toBe(1);
        expect((await h1(page).innerText()).trim()).toBe(spec.heading);
        expect(await h1(page).isVisible()).toBe(true);
        await expectFrame(page, app);
        await spec.content(page, app);

        // Public pages ship no JavaScript at all.
        expect(await page.locator('script').count(), '<script> elements').toBe(0);
        const scriptsLoaded = await page.evaluate(
          () =>
            performance
              .getEntriesByType('resource')
              .filter((r) => (r as PerformanceResourceTiming).initiatorType === 'script').length,
        );
        expect(scriptsLoaded, 'script resources loaded').toBe(0);

        if (viewport === 'phone') {
          const { scrollWidth, innerWidth } = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            innerWidth: window.innerWidth,
          }));
          // A page that overflows makes mobile Chromium zoom out, widening innerWidth: check both.
          expect(innerWidth, 'layout viewport is the device width').toBe(VIEWPORTS.phone.viewport.width);
          expect(scrollWidth, 'no horizontal scrolling').toBeLessThanOrEqual(innerWidth);
        }

        const violations = await runAxe(page);
        expect(violations, formatAxeViolations(violations)).toEqual([]);
        expect(problems()).toEqual([]);
        await close();
      });
    }

    it(`navbar, footer and 'Go Home' links navigate at ${viewport} width`, async () => {
      const { page, problems, close } = await open({
        context: VIEWPORTS[viewport],
        allow: allowDocument404(`${base}/no-such-page`),
      });
      const expectAt = async (path: string, heading: string) => {
        await page.waitForURL(`${base}${path}`);
        expect((await h1(page).innerText()).trim()).toBe(heading);
      };

      await page.goto('/');
      const steps: [() => Locator, string, string][] = [
        [() => mainNav(page).getByRole('link', { name: 'About us' }), '/about-us', 'About us'],
        [
          () => mainNav(page).getByRole('link', { name: 'Terms of Service' }),
          '/terms-of-service',
          'Terms of Service',
        ],
        [
          () => mainNav(page).getByRole('link', { name: 'Privacy Policy' }),
          '/privacy-policy',
          'Privacy Policy',
        ],
        [
          () => mainNav(page).getByRole('link', { name: 'Argus Words' }),
          '/',
          'Grow your vocabulary, one word at a time',
        ],
        [
          () => legalNav(page).getByRole('link', { name: 'Terms of Service' }),
          '/terms-of-service',
          'Terms of Service',
        ],
        [
          () => legalNav(page).getByRole('link', { name: 'Privacy Policy' }),
          '/privacy-policy',
          'Privacy Policy',
        ],
      ];
      for (const [link, path, heading] of steps) {
        await link().click();
        await expectAt(path, heading);
        if (path !== '/') {
          // The navbar marks where you are.
          expect(await mainNav(page).getByRole('link', { name: heading }).getAttribute('aria-current')).toBe(
            'page',
          );
        }
      }

      const response = await page.goto('/no-such-page');
      expect(response?.status()).toBe(404);
      await page.getByRole('link', { name: 'Go Home' }).click();
      await expectAt('/', 'Grow your vocabulary, one word at a time');

      expect(problems()).toEqual([]);
      await close();
    });
  }

  it('works with JavaScript disabled', async () => {
    const { page, problems, close } = await open({
      context: { ...VIEWPORTS.phone, javaScriptEnabled: false },
    });
    await page.goto('/');
    expect((await h1(page).innerText()).trim()).toBe('Grow your vocabulary, one word at a time');
    for (const power of ['Peek Words', 'Extra Time', 'New Letters']) {
      await expectVisible(page.getByRole('heading', { name: power, exact: true }), power);
    }
    const download = page.getByRole('button', { name: 'Coming Soon' });
    expect(await download.isVisible()).toBe(true);
    expect(await download.isDisabled()).toBe(true);
    await expectVisible(page.getByRole('link', { name: 'Email us your feedback' }), 'feedback mailto');

    // Plain links: navigation needs no script either.
    await mainNav(page).getByRole('link', { name: 'About us' }).click();
    await page.waitForURL(`${base}/about-us`);
    expect((await h1(page).innerText()).trim()).toBe('About us');
    expect(problems()).toEqual([]);
    await close();
  });

  it('notices CSP violations, so "no violations" above means something', async () => {
    const { page, issues, close } = await open();
    await page.goto('/about-us');
    // Scripts evaluated over DevTools bypass the CSP, but an inline event handler they add does not.
    await page.evaluate(() => {
      document.body.setAttribute('onclick', 'document.title = "injected"');
      document.body.click();
    });
    await expect.poll(() => issues.filter((i) => i.kind === 'csp').length).toBeGreaterThan(0);
    expect(await page.title()).not.toBe('injected');
    await close();
  });
});
