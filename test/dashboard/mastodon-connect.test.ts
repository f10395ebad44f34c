/**
 * The dashboard's Mastodon form in Chromium: an instance that is not an https address
 * is refused beside the field in the service's words; left empty in sandbox mode, the
 * simulator's instance is used, its authorization page sends the person back, and the
 * account is listed as connected; Reconnect takes it through its instance again.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { startTestService, type TestService } from '../harness.ts';
import { type Browser, browserSkip, ensureDashboardBuilt, freePort, openBrowser } from './browser.ts';

describe('dashboard: connecting Mastodon with its instance', { skip: browserSkip() }, () => {
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
      settings: { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, SIMULATOR_URL: sim.url },
    });
    b = await openBrowser();
  });
  after(async () => {
    await b?.close();
    await t?.close();
    await sim?.close();
  });

  it('refuses an http instance in words, then connects the sandbox instance and lists the account', async () => {
    const page = b.page;
    await page.goto(base);
    await page.getByLabel('Access key').fill(t.accessKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('project').waitFor();
    await page.goto(`${base}/integrations`);
    await page.locator('#page-title').waitFor();
    await page.getByLabel('Instance address').fill('http://mastodon.example');
    await page.getByRole('button', { name: 'Connect Mastodon' }).click();
    await page.locator('#mastodon-instance-messages li', { hasText: 'https' }).waitFor();
    await b.screenshot('mastodon-connect-refused');
    await page.getByLabel('Instance address').fill('');
    await page.getByRole('button', { name: 'Connect Mastodon' }).click();
    await page.waitForURL(/\/integrations\?.*integrationId=/);
    await page.getByRole('status').filter({ hasText: 'Connected Mastodon' }).waitFor();
    await page.getByText('Sim Mastodon').first().waitFor();
    await b.screenshot('mastodon-connected');
    // Reconnect goes through the instance's authorization page again, back to the same account.
    const before = (await t.request('GET', '/v1/connect/integrations?platform=mastodon')).body.integrations;
    await page
      .getByRole('button', { name: 'Reconnect Sim Mastodon' })
      .or(page.getByRole('button', { name: /^Reconnect/ }))
      .first()
      .click();
    await page.waitForURL(/\/integrations\?.*integrationId=/);
    const after = (await t.request('GET', '/v1/connect/integrations?platform=mastodon')).body.integrations;
    assert.deepEqual(
      after.map((i: { id: string }) => i.id),
      before.map((i: { id: string }) => i.id),
    );
  });
});
