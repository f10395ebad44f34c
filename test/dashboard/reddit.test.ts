/**
 * Reddit in the dashboard (Debian's Chromium): it connects through the generic OAuth
 * redirect, and Compose asks for its subreddit (after a fixed "r/", a pasted "r/name"
 * kept as the name) and title, says the subreddit's rule beside the field, and
 * publishes once both are right.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { startTestService, type TestService } from '../harness.ts';
import { until } from '../shared-store.ts';
import { type Browser, browserSkip, ensureDashboardBuilt, freePort, openBrowser } from './browser.ts';

describe('Reddit in the dashboard', { skip: browserSkip() }, () => {
  let t: TestService;
  let sim: Simulator;
  let b: Browser;
  let base: string;
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
        PUBLISH_WAIT_MS: '5000',
        OUTBOUND_ALLOWLIST: '127.0.0.1',
      },
    });
    b = await openBrowser();
  });
  after(async () => {
    await b?.close();
    await t?.close();
    await sim?.close();
  });

  const page = () => b.page;
  const settled = () => page().locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });

  it('connects Reddit and composes a post with its subreddit and title', async () => {
    await page().goto(base);
    await page().getByLabel('Access key').fill(t.accessKey);
    await page().getByRole('button', { name: 'Sign in' }).click();
    await page().getByTestId('project').waitFor();
    await page().goto(`${base}/integrations`);
    await settled();
    await page().getByRole('button', { name: 'Connect Reddit' }).click();
    await page().waitForURL(/\/integrations\?.*integrationId=/);
    await page().getByRole('status').filter({ hasText: 'Connected Reddit' }).waitFor();

    await page().goto(`${base}/compose`);
    await settled();
    await page().getByLabel('Text', { exact: true }).fill('Hello from the dashboard');
    await page()
      .getByRole('checkbox', { name: /^Reddit:/ })
      .check();
    const card = page().locator('section.target[data-platform="reddit"]');
    // Both required fields are asked for by the validation, and the options open with it.
    await card.locator('[id$="-subreddit-messages"] li').first().waitFor();
    await card.getByLabel('Subreddit (required)').fill('r/sim_links');
    assert.equal(await card.getByLabel('Subreddit (required)').inputValue(), 'sim_links');
    await card.getByLabel('Title (required)').fill('A post from the dashboard');
    // The subreddit's own rule, in words, beside the subreddit.
    await card
      .locator('[id$="-subreddit-messages"] li', { hasText: 'r/sim_links takes only link and media posts' })
      .waitFor();
    await b.screenshot('compose-reddit-rule');
    await card.getByLabel('Subreddit (required)').fill('sandbox');
    await page()
      .getByRole('status')
      .filter({ hasText: 'Ready: every platform accepts this post.' })
      .waitFor();
    await b.screenshot('compose-reddit');
    await page().getByRole('button', { name: 'Publish now' }).click();
    await page().waitForURL(/\/posts$/);
    await until(
      () =>
        sim.state.listPosts('reddit', { where: (p) => p.data.title === 'A post from the dashboard' })
          .length === 1,
      20_000,
    );
    assert.equal(
      sim.state.listPosts('reddit', { where: (p) => p.data.title === 'A post from the dashboard' })[0]?.data
        .subreddit,
      'sandbox',
    );
  });
});
