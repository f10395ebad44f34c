/**
 * Every page of the dashboard, with data on it, checked by axe-core at desktop and
 * at phone width: no serious or critical violation anywhere. The list of pages is
 * the dashboard's own; a page added to it without being listed here fails below.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from '../harness.ts';
import { addIntegration, FUTURE } from '../posts-fixtures.ts';
import {
  type Browser,
  browserSkip,
  DESKTOP,
  ensureDashboardBuilt,
  freePort,
  openBrowser,
  PHONE,
  seriousAxeViolations,
} from './browser.ts';

/** The pages (path prefixes the dashboard's router knows), each opened at a path that shows it. */
const PAGES = [
  '/posts',
  '/compose',
  '/drafts',
  '/approvals',
  '/calendar',
  '/queue',
  '/integrations',
  '/notifications',
  '/usage',
  '/audit',
  '/inbox',
  '/analytics',
  // The history's states of the Analytics page: one post's first 30 days, and the printable report.
  '/analytics?post=post_without_history',
  '/analytics/report',
  '/media',
  '/members',
  '/account',
];
/** Pages reached only from a link with a token of their own, checked by their own tests. */
const TOKEN_PAGES = ['/connect/selection'];

describe('every dashboard page, checked by axe-core', { skip: browserSkip() }, () => {
  let t: TestService;
  let b: Browser;
  let base: string;
  before(async () => {
    ensureDashboardBuilt();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await startTestService('sqlite', {
      listen: true,
      settings: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        SIMULATOR_URL: 'http://127.0.0.1:9',
      },
    });
    const profileId = (await t.request('POST', '/v1/profiles', { name: 'Brand A' })).body.profile.id;
    const x = await addIntegration(t.ctx, t.projectId, 'twitter', { profileId });
    await addIntegration(t.ctx, t.projectId, 'linkedin', { authStatus: 'needs_reconnect' });
    await t.request('POST', '/v1/posts', {
      content: 'A scheduled post for the pages',
      platforms: [{ platform: 'twitter', accountId: x }],
      scheduledFor: FUTURE,
    });
    await t.request('POST', '/v1/posts', {
      content: 'A draft for the pages',
      platforms: [{ platform: 'twitter', accountId: x }],
      draft: true,
    });
    b = await openBrowser();
    await b.page.goto(base);
    await b.page.getByLabel('Access key').fill(t.accessKey);
    await b.page.getByRole('button', { name: 'Sign in' }).click();
    await b.page.getByTestId('project').waitFor();
  });
  after(async () => {
    await b?.close();
    await t?.close();
  });

  it("lists every page of the dashboard's router", () => {
    const router = readFileSync(new URL('../../web/src/main.tsx', import.meta.url), 'utf8');
    const known = [...router.matchAll(/path\.startsWith\('([^']+)'\)/g)].map((m) => m[1]);
    assert.deepEqual(
      known.filter((p) => !PAGES.includes(p ?? '') && !TOKEN_PAGES.includes(p ?? '')),
      [],
    );
  });

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`finds no serious or critical violation on any page at ${size} width`, async () => {
      await b.page.setViewportSize(viewport);
      const found: string[] = [];
      for (const path of PAGES) {
        await b.page.goto(`${base}${path}`);
        await b.page.locator('#page-title').waitFor();
        await b.page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
        for (const v of await seriousAxeViolations(b.page)) found.push(`${path}: ${v}`);
      }
      assert.deepEqual(found, []);
    });
  }
});
