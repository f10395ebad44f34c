/**
 * The networks beyond the contract's ten in the dashboard (Debian's Chromium, the
 * service and the simulator on loopback): the Accounts page offers every network the
 * service has; Discord connects through the generic OAuth button (Discord's page picks
 * the channel and gives its webhook); Telegram connects with its own form, which shows
 * the service's sentence about what the bot lacks under the field it concerns.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SANDBOX_TELEGRAM } from '../../src/facts/sandbox-app.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { startTestService, type TestService } from '../harness.ts';
import { type Browser, browserSkip, ensureDashboardBuilt, freePort, openBrowser } from './browser.ts';

describe('dashboard: Discord and Telegram accounts', { skip: browserSkip() }, () => {
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

  const page = () => b.page;
  const settled = () => page().locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });

  it('signs in and offers a connect button for Discord beside the ten', async () => {
    await page().goto(base);
    await page().getByLabel('Access key').fill(t.accessKey);
    await page().getByRole('button', { name: 'Sign in' }).click();
    await page().getByTestId('project').waitFor();
    await page().goto(`${base}/integrations`);
    await settled();
    await page().getByRole('button', { name: 'Connect Discord' }).waitFor();
    await page().getByRole('button', { name: 'Connect X' }).waitFor();
    assert.equal(await page().getByRole('button', { name: 'Connect Telegram' }).count(), 1, 'the form only');
  });

  it('connects a Discord channel through the OAuth redirect and back', async () => {
    await page().getByRole('button', { name: 'Connect Discord' }).click();
    await page().waitForURL(/\/integrations\?.*integrationId=/);
    await page().getByRole('status').filter({ hasText: 'Connected Discord' }).waitFor();
    await page().locator('.integration[data-platform="discord"]').waitFor();
    const list = await t.request('GET', '/v1/connect/integrations?platform=discord');
    assert.equal(list.body.integrations.length, 1);
  });

  it('connects Telegram with its form, saying under the field what is missing', async () => {
    await page().getByLabel('Bot token', { exact: true }).fill(SANDBOX_TELEGRAM.botToken);
    await page().getByLabel('Channel or group').fill('@sim_readonly');
    await page().getByRole('button', { name: 'Connect Telegram' }).click();
    await page()
      .locator('#tg-chat-messages li', {
        hasText:
          'Telegram: the bot @sim_publisher_bot is an administrator of the channel @sim_readonly but may not post messages',
      })
      .waitFor();
    await page().getByLabel('Bot token', { exact: true }).fill('123456:AAunknown');
    await page().getByLabel('Channel or group').fill(SANDBOX_TELEGRAM.chatId);
    await page().getByRole('button', { name: 'Connect Telegram' }).click();
    await page().locator('#tg-token-messages li', { hasText: 'Telegram refused the bot token' }).waitFor();
    await page().getByLabel('Bot token', { exact: true }).fill(SANDBOX_TELEGRAM.botToken);
    await page().getByRole('button', { name: 'Connect Telegram' }).click();
    await page().getByRole('status').filter({ hasText: 'Connected Sim Channel' }).waitFor();
    await page().locator('.integration[data-platform="telegram"]').waitFor();
    await b.screenshot('integrations-networks');
  });
});
