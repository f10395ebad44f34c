/**
 * Compose shows a Story or a Reel as the phone does: a 9:16 frame with the
 * platform's overlay (Instagram and Facebook), chosen with the Format option the
 * options schema gives (contentType), and the other new options (collaborators, X
 * long posts) as fields. Screenshots under /tmp/dash-vertical-shots.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { png } from '../../src/media/testing.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { SCOPES } from '../engagement/helpers.ts';
import { insertIntegration } from '../fake-adapter.ts';
import { startTestService, type TestService } from '../harness.ts';
import {
  type Browser,
  browserSkip,
  ensureDashboardBuilt,
  freePort,
  openBrowser,
  PHONE,
  seriousAxeViolations,
} from './browser.ts';

const SHOTS = '/tmp/dash-vertical-shots';

describe('Compose previews of Stories and Reels in Chromium', { skip: browserSkip() }, () => {
  let t: TestService;
  let sim: Simulator;
  let b: Browser;
  let base: string;

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ensureDashboardBuilt();
    sim = await startSimulator();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await startTestService('sqlite', {
      listen: true,
      settings: { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, SIMULATOR_URL: sim.url },
    });
    const connect = async (platform: 'facebook' | 'instagram' | 'twitter', user: string, page?: string) => {
      const { accessToken } = sim.issueTokens(platform, {
        accountId: user,
        ...(page ? { pageId: page } : {}),
        scopes: platform === 'twitter' ? ['tweet.read', 'tweet.write', 'users.read'] : SCOPES[platform],
        ttlSec: null,
      });
      await insertIntegration(t.ctx, t.projectId, platform, {
        token: accessToken,
        platformUserId: page ?? user,
      });
    };
    await connect('facebook', '10000000000000001', '200000000000001');
    await connect('instagram', '17841400000000001');
    await connect('twitter', '1500000000000000001');
    const image = png(90, 160, 1500);
    const ask = await t.request('POST', '/v1/media/upload', {
      filename: 'story.png',
      mimeType: 'image/png',
      size: image.length,
    });
    const put = await fetch(ask.body.data.uploadUrl, {
      method: 'PUT',
      body: image,
      headers: { 'content-type': 'image/png' },
    });
    assert.equal(put.status, 200, await put.text());
    b = await openBrowser();
  });
  after(async () => {
    await b?.close();
    await t?.close();
    await sim?.close();
  });

  const page = () => b.page;
  const card = (platform: string) =>
    page().locator('section', { has: page().getByTestId(`preview-${platform}`) });
  /** Opens a card's options (unless already open: a card with problems opens by itself). */
  const openOptions = async (platform: string) => {
    const details = card(platform).locator('details', {
      has: page().locator('summary', { hasText: 'options' }),
    });
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  };
  const format = async (platform: string, label: string, value: string) => {
    await openOptions(platform);
    await card(platform).getByLabel(label).selectOption(value);
  };
  const shot = async (name: string) => {
    assert.deepEqual(await seriousAxeViolations(page()), [], `${name}: serious or critical axe violations`);
    await page().screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };

  it('shows a Story and a Reel in their 9:16 frames, with the options as fields', async () => {
    await page().goto(base);
    await page().getByLabel('Access key').fill(t.accessKey);
    await page().getByRole('button', { name: 'Sign in' }).click();
    await page().getByTestId('project').waitFor();
    await page().goto(`${base}/compose`);
    await page().locator('#page-title').waitFor();
    for (const name of [/^Facebook Page:/, /^Instagram:/, /^X:/])
      await page().getByRole('checkbox', { name }).check();
    await page()
      .getByLabel('Text', { exact: true })
      .fill('Behind the scenes at the bakery, every morning at six. '.repeat(3));
    await page().getByRole('button', { name: 'Choose from the library' }).click();
    await page().locator('.ml-picker li button:not([disabled])').first().click();

    const label = 'Format (Story or Reel; empty: a feed post)';
    await format('instagram', label, 'story');
    const igStory = page().getByTestId('preview-instagram');
    await igStory.getByTestId('preview-story').waitFor();
    await igStory.getByText('Send message').waitFor();
    await igStory.getByTestId('preview-story-note').waitFor();
    const box = await igStory.getByTestId('preview-story').boundingBox();
    assert.ok(
      box && Math.abs(box.height / box.width - 16 / 9) < 0.02,
      `9:16 frame, got ${JSON.stringify(box)}`,
    );
    // A Story shows no text.
    assert.equal(await igStory.getByText('Behind the scenes').count(), 0);

    await format('facebook', label, 'reel');
    const fbReel = page().getByTestId('preview-facebook');
    await fbReel.getByTestId('preview-reel').waitFor();
    await fbReel.getByText('Reels', { exact: true }).waitFor();
    await fbReel.getByText('Follow').waitFor();
    await fbReel
      .getByText(/Add one vertical video for the Reel|Behind the scenes/)
      .first()
      .waitFor();

    // The other new options are fields: Instagram collaborators, X long posts.
    await card('instagram').getByText('Collaborators (Instagram usernames, without @)').waitFor();
    await openOptions('twitter');
    await card('twitter').getByLabel('Long post (over 280 characters, for eligible X accounts)').waitFor();
    await page().setViewportSize({ width: 1280, height: 1400 });
    await shot('compose-story-reel-desktop');

    await page().setViewportSize(PHONE);
    await format('facebook', label, 'story');
    await page().getByTestId('preview-facebook').getByText('Reply…').waitFor();
    await page().getByTestId('preview-facebook').scrollIntoViewIfNeeded();
    await shot('compose-story-phone');
  });
});
