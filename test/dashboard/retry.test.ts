/**
 * Retry per account in the dashboard, in Chromium against the service and the
 * simulator: a post failed on X and LinkedIn; the LinkedIn account needs
 * reconnecting. Retrying the X row publishes it and says so; "Retry all failed"
 * then says LinkedIn must be reconnected first, without holding anything back.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
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

describe('dashboard retry per account in Chromium', { skip: browserSkip() }, () => {
  let t: TestService;
  let sim: Simulator;
  let b: Browser;
  let base: string;
  let li: string;
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
        OUTBOUND_ALLOWLIST: '127.0.0.1',
        JOBS_POLL_MS: '20',
        PUBLISH_WAIT_MS: '15000',
      },
    });
    const connect = async (platform: 'twitter' | 'linkedin', user: string) => {
      const token = sim.state.issueToken({
        platform,
        kind: 'access',
        clientId: `sim-${platform}-client`,
        accountId: user,
        scopes: [],
        expiresAt: null,
        grantId: `dash-retry-${platform}`,
      }).value;
      return insertIntegration(t.ctx, t.projectId, platform, { token, platformUserId: user });
    };
    sim.addAccount('twitter', { id: '1500000000000000977', username: 'dashretry', name: 'Dash Retry' });
    const x = await connect('twitter', '1500000000000000977');
    li = await connect('linkedin', 'SimMember001');
    sim.faults.add({ platform: 'twitter', method: 'POST', path: '/2/tweets', times: 1, status: 503 });
    sim.faults.add({
      platform: 'twitter',
      method: 'POST',
      path: '/2/tweets',
      times: 1,
      status: 400,
      body: { title: 'Invalid Request', detail: 'Invalid.', type: 'about:blank', status: 400 },
    });
    sim.faults.add({
      platform: 'linkedin',
      method: 'POST',
      path: '/rest/posts',
      times: 1,
      status: 422,
      body: { message: 'Content is invalid', status: 422 },
    });
    const created = await t.request('POST', '/v1/posts', {
      content: 'A post to try again',
      platforms: [
        { platform: 'twitter', accountId: x },
        { platform: 'linkedin', accountId: li },
      ],
      publishNow: true,
    });
    assert.equal(created.body.status, 'failed', created.text);
    await t.ctx.store.db
      .updateTable('integrations')
      .set({ auth_status: 'needs_reconnect' })
      .where('id', '=', li)
      .execute();
    b = await openBrowser();
  });
  after(async () => {
    await b?.close();
    await t?.close();
    await sim?.close();
  });

  it('retries one account, then reports the account to reconnect', async () => {
    const page = b.page;
    await page.setViewportSize(DESKTOP);
    await page.goto(base);
    await page.getByLabel('Access key').fill(t.accessKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('project').waitFor();
    await page.goto(`${base}/posts`);
    const card = page.locator('li.post').filter({ hasText: 'A post to try again' });
    await card.getByRole('button', { name: 'Retry X' }).click();
    await card.getByText(/X — twitteruser: published/).waitFor();
    await card.getByRole('button', { name: /Retry all failed \(1\)/ }).click();
    await card.getByText(/Reconnect LinkedIn — linkedinuser on the Accounts page, then retry/).waitFor();
    await page.screenshot({ path: 'test-output/screenshots/retry-per-account-desktop.png', fullPage: true });
    const post = (await t.request('GET', '/v1/posts?limit=5')).body.posts[0];
    assert.deepEqual(
      post.platforms.map((p: { status: string }) => p.status),
      ['published', 'failed'],
    );
  });
});
