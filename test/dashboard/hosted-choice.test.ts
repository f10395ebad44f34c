/**
 * The account choice page in a real browser (Debian's Chromium) against the
 * simulator: a client starts a Facebook connection without `headless`, the person
 * authorizes as a user with several Pages, chooses one on our page (no script, at
 * phone width too) and lands on the client's redirectUri with the integrationId.
 * The same address afterwards, or in a browser without the callback's cookie, says
 * the choice is no longer open; Cancel ends at cancelRedirectUri.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { startTestService, type TestService } from '../harness.ts';
import {
  type Browser,
  browserSkip,
  DESKTOP,
  freePort,
  openBrowser,
  PHONE,
  seriousAxeViolations,
} from './browser.ts';

const FB_MANAGER = '10000000000000002';

describe('account choice page in Chromium', { skip: browserSkip() }, () => {
  let t: TestService;
  let sim: Simulator;
  let b: Browser;
  let base: string;
  before(async () => {
    sim = await startSimulator();
    sim.state.setAuthorizeAs('facebook', FB_MANAGER);
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

  /** The authorization URL a client would send the person to. */
  const connectUrl = async () => {
    const q = new URLSearchParams({
      redirectUri: `${base}/client/connected`,
      cancelRedirectUri: `${base}/client/cancelled`,
    });
    const res = await t.request('GET', `/v1/connect/facebook?${q}`);
    assert.equal(res.status, 200, res.text);
    return res.body.url as string;
  };

  it('chooses a Page on our page and returns to the client with its integrationId', async () => {
    const page = b.page;
    await page.goto(await connectUrl());
    await page.getByRole('heading', { name: 'Choose Facebook Pages' }).waitFor();
    const choiceUrl = page.url();
    assert.match(new URL(choiceUrl).pathname, /^\/connect\/choose\/facebook\/sel_/);
    assert.equal(await page.locator('script').count(), 0, 'no script on the page');
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await b.screenshot('account-choice');
      assert.deepEqual(await seriousAxeViolations(page), [], `axe at ${size.width} px`);
      const overflow = await page.evaluate<boolean>(
        'document.documentElement.scrollWidth > window.innerWidth',
      );
      assert.equal(overflow, false, `fits ${size.width} px`);
    }
    await page.setViewportSize(DESKTOP);
    const boxes = page.getByRole('checkbox');
    assert.ok((await boxes.count()) >= 2, 'several Pages to choose from');
    await page.getByRole('button', { name: 'Connect selected' }).click();
    await page.getByRole('alert').filter({ hasText: 'Choose at least one' }).waitFor();
    await page.getByRole('checkbox').first().check();
    await page.getByRole('button', { name: 'Connect selected' }).click();
    await page.waitForURL(/\/client\/connected\?/);
    const landed = new URL(page.url());
    assert.equal(landed.searchParams.get('platform'), 'facebook');
    const id = landed.searchParams.get('integrationId') ?? '';
    assert.equal((await t.request('GET', `/v1/connect/integrations/${id}`)).status, 200);
    assert.equal(landed.searchParams.get('selectionToken'), null);

    const again = await page.goto(choiceUrl);
    assert.equal(again?.status(), 410);
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.getByText('no longer open').waitFor();
  });

  it('another browser (without the cookie) can not use the address; Cancel returns to cancelRedirectUri', async () => {
    const page = b.page;
    await page.goto(await connectUrl());
    await page.getByRole('heading', { name: 'Choose Facebook Pages' }).waitFor();
    const choiceUrl = page.url();
    const cookies = await b.context.cookies(choiceUrl);
    await b.context.clearCookies();
    const elsewhere = await page.reload();
    assert.equal(elsewhere?.status(), 410);
    await page.getByText('no longer open').waitFor();
    assert.equal(cookies.length, 1, JSON.stringify(cookies));
    await b.context.addCookies(cookies);
    const back = await page.reload();
    assert.equal(back?.status(), 200, JSON.stringify(await b.context.cookies(choiceUrl)));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/client\/cancelled\?/);
    const landed = new URL(page.url());
    assert.equal(landed.searchParams.get('error'), 'access_denied');
    assert.equal(landed.searchParams.get('platform'), 'facebook');
  });
});
