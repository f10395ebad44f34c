/**
 * The Inbox in sandbox mode, in Chromium: a fresh sandbox has no comments or
 * messages, so the page offers "Simulate a comment" and "Simulate a message"; a
 * click has the simulator comment on the account's published post (or write to
 * its Instagram inbox), and the comment or conversation then shows in the list.
 * Screenshots: test-output/screenshots/inbox-simulate-*.png.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { FB_PAGE, FB_USER, IG_USER, SCOPES } from '../engagement/helpers.ts';
import { insertIntegration } from '../fake-adapter.ts';
import { startTestService, type TestService } from '../harness.ts';
import {
  type Browser,
  browserSkip,
  DESKTOP,
  ensureDashboardBuilt,
  freePort,
  openBrowser,
} from './browser.ts';

describe('dashboard inbox: simulate a comment and a message in sandbox mode', { skip: browserSkip() }, () => {
  let sim: Simulator;
  let t: TestService;
  let b: Browser;
  let base: string;
  let fb: string;

  before(async () => {
    ensureDashboardBuilt();
    sim = await startSimulator();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await startTestService('sqlite', {
      listen: true,
      settings: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        SIMULATOR_URL: sim.url,
        JOBS_POLL_MS: '50',
        PUBLISH_WAIT_MS: '15000',
        MONTHLY_CREDITS: '1000',
      },
    });
    const fbToken = sim.issueTokens('facebook', {
      accountId: FB_USER,
      pageId: FB_PAGE,
      scopes: SCOPES.facebook,
      ttlSec: null,
    });
    fb = await insertIntegration(t.ctx, t.projectId, 'facebook', {
      token: fbToken.accessToken,
      platformUserId: FB_PAGE,
    });
    const igToken = sim.issueTokens('instagram', {
      accountId: IG_USER,
      scopes: SCOPES.instagram,
      ttlSec: null,
    });
    await insertIntegration(t.ctx, t.projectId, 'instagram', {
      token: igToken.accessToken,
      platformUserId: IG_USER,
    });
    const res = await t.request('POST', '/v1/posts', {
      content: 'Our spring menu is here',
      platforms: [{ platform: 'facebook', accountId: fb }],
      publishNow: true,
    });
    assert.equal(res.body.status, 'published', res.text);
    b = await openBrowser();
    await b.page.setViewportSize(DESKTOP);
    await b.page.goto(base);
    await b.page.getByLabel('Access key').fill(t.accessKey);
    await b.page.getByRole('button', { name: 'Sign in' }).click();
    await b.page.getByTestId('project').waitFor();
  });
  after(async () => {
    await b?.close();
    await t?.close();
    await sim?.close();
  });

  it('simulates a comment on the published post, which then shows in the comments', async () => {
    const page = b.page;
    await page.goto(`${base}/inbox`);
    await page.getByText('No comments yet on the recent posts.', { exact: false }).waitFor();
    await page.getByLabel('Account').selectOption(fb);
    await page.getByRole('button', { name: 'Simulate a comment' }).click();
    const status = page.locator('.sandbox-simulate [role=status]');
    await status.getByText(/commented: “/).waitFor();
    const said = /commented: “(.*)”/.exec((await status.textContent()) ?? '')?.[1] ?? '';
    assert.ok(said, 'the status says what was written');
    const item = page.locator('.inbox-item').filter({ hasText: said });
    await item.waitFor();
    await item.getByText('On: Our spring menu is here').waitFor();
    await b.screenshot('inbox-simulate-comment');
  });

  it('simulates an Instagram message, which then shows in the conversations', async () => {
    const page = b.page;
    await page.goto(`${base}/inbox?tab=messages`);
    await page.getByRole('button', { name: 'Simulate a message' }).click();
    await page
      .locator('.sandbox-simulate [role=status]')
      .getByText(/sandbox_visitor wrote: “/)
      .waitFor();
    await page.getByText('sandbox_visitor').nth(1).waitFor();
    await b.screenshot('inbox-simulate-message');
  });
});
