/**
 * The audit page in Chromium at desktop and phone width: the changes made through
 * the API read as sentences with who and when, the filter by kind and the object's
 * history narrow the list (kept in the address), nothing scrolls sideways on a
 * phone, and axe finds no serious or critical violation. Screenshots:
 * test-output/screenshots/audit-*.png.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from '../harness.ts';
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

describe('dashboard audit page in Chromium', { skip: browserSkip() }, () => {
  let t: TestService;
  let b: Browser;
  let base: string;
  let profileId: string;
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
    profileId = (await t.request('POST', '/v1/profiles', { name: 'Acme' })).body.profile.id;
    await t.request('PATCH', `/v1/profiles/${profileId}`, { name: 'Acme Bakery' });
    await t.request('POST', '/v1/profiles', { name: 'Other brand' });
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

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`shows who changed what, filters it, and fits at ${size} width`, async () => {
      const page = b.page;
      await page.setViewportSize(viewport);
      await page.goto(`${base}/audit`);
      await page.locator('#page-title').waitFor();
      const entries = page.locator('.audit-entry');
      await entries.first().waitFor();
      const renamed = entries.filter({ hasText: 'Profile updated' });
      await renamed.getByText('“Acme Bakery”').waitFor();
      await renamed.getByText('name: Acme → Acme Bakery').waitFor();
      await renamed.getByText(/access key key_/).waitFor();
      assert.equal(await entries.filter({ hasText: 'Profile created' }).count(), 2);

      // One object's history, from its entry; the filter is in the address.
      await renamed.getByRole('button', { name: `history of profile ${profileId}` }).click();
      await page.waitForURL(new RegExp(`objectId=${profileId}`));
      await page.locator('.audit-entry').nth(1).waitFor();
      assert.equal(await page.locator('.audit-entry').count(), 2);

      await page.goto(`${base}/audit`);
      await page.getByLabel('Kind of change').selectOption({ label: 'Profile' });
      await page.getByRole('button', { name: 'Show' }).click();
      await page.waitForURL(/action=profile\./);
      await page.locator('.audit-entry').first().waitFor();
      assert.equal(await page.locator('.audit-entry').count(), 3);

      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - window.innerWidth',
      );
      assert.ok(overflow <= 0, `the audit page is ${overflow}px wider than the screen`);
      assert.deepEqual(await seriousAxeViolations(page), []);
      await b.screenshot('audit');
    });
  }
});
