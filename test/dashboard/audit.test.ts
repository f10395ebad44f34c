/**
 * The audit page in Chromium at desktop and phone width: the changes made through
 * the API read as sentences with who and when, the filter by kind and the object's
 * history narrow the list (kept in the address), nothing scrolls sideways on a
 * phone, and axe finds no serious or critical violation. Things read by the names a
 * person knows: the access key by its name, an account as "@handle on Platform" (in
 * its own entries and in a post's accounts), a removed one as "(removed) int_…".
 * Screenshots: test-output/screenshots/audit-*.png.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { insertIntegration } from '../fake-adapter.ts';
import { startTestService, type TestService } from '../harness.ts';
import { FUTURE } from '../posts-fixtures.ts';
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
      await renamed.getByText('Acme Bakery', { exact: true }).waitFor();
      await renamed.getByText('name: Acme → Acme Bakery').waitFor();
      await renamed.getByText('access key “initial”').waitFor();
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

  it('names accounts by handle and platform, and a removed one by its id', async () => {
    const page = b.page;
    await page.setViewportSize(DESKTOP);
    const account = async (handle: string, userId: string) => {
      const id = await insertIntegration(t.ctx, t.projectId, 'instagram', { platformUserId: userId });
      await t.ctx.store.db
        .updateTable('integrations')
        .set({ username: handle })
        .where('id', '=', id)
        .execute();
      return id;
    };
    const kept = await account('acmebakery', 'ig-kept');
    const gone = await account('oldbakery', 'ig-gone');
    assert.equal((await t.request('PATCH', `/v1/connect/integrations/${kept}`, { profileId })).status, 200);
    const post = await t.request('POST', '/v1/posts', {
      content: 'Croissants are back on Saturday',
      platforms: [
        { platform: 'instagram', accountId: kept },
        { platform: 'instagram', accountId: gone },
      ],
      mediaItems: [{ type: 'image', url: 'https://cdn.example.com/croissant.jpg' }],
      scheduledFor: FUTURE,
    });
    assert.equal(post.status, 202, post.text);
    assert.equal((await t.request('DELETE', `/v1/connect/integrations/${gone}`)).status, 200);

    await page.goto(`${base}/audit`);
    const entries = page.locator('.audit-entry');
    const moved = entries.filter({ hasText: 'Account moved' });
    await moved.getByText('@acmebakery on Instagram', { exact: true }).waitFor();
    await moved.getByText('profileId: — → Acme Bakery').waitFor();
    const created = entries.filter({ hasText: 'Post created' });
    await created.getByText('“Croissants are back on Saturday”').waitFor();
    await created.getByText(`accounts: @acmebakery on Instagram, (removed) ${gone}`).waitFor();
    const removed = entries.filter({ hasText: 'Account deleted' });
    await removed.getByText(`(removed) ${gone} (was “instagram oldbakery”)`).waitFor();
    const head = (await moved.first().locator('.audit-head').textContent()) ?? '';
    assert.ok(!head.includes(kept), `the account is named, not shown by its id: ${head}`);
    await b.screenshot('audit-names');
  });
});
