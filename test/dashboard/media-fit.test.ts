/**
 * Compose draws what the service will convert before anything is published: an uploaded
 * 1000×3000 PNG chosen for Instagram's feed shows, in the Instagram card, the sentence
 * validate answers and the image in its 4:5 frame (padded over a blurred copy), and
 * switching that account to cropping draws the cropped frame and says so. Screenshots
 * under /tmp/dash-media-fit-shots.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
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
  seriousAxeViolations,
} from './browser.ts';

const SHOTS = '/tmp/dash-media-fit-shots';

describe('Compose shows media as each platform will get it, in Chromium', { skip: browserSkip() }, () => {
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
    const { accessToken } = sim.issueTokens('instagram', {
      accountId: '17841400000000001',
      scopes: SCOPES.instagram,
      ttlSec: null,
    });
    await insertIntegration(t.ctx, t.projectId, 'instagram', {
      token: accessToken,
      platformUserId: '17841400000000001',
    });
    // A blue poster with a yellow disc, so the screenshots show what is padded and what is cut.
    const image = await sharp({ create: { width: 1000, height: 3000, channels: 3, background: '#3366cc' } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="1000" height="3000"><circle cx="500" cy="1500" r="450" fill="#fc0"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const ask = await t.request('POST', '/v1/media/upload', {
      filename: 'tall.png',
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

  it('draws the 4:5 frame padded, then cropped once the account is switched to cropping', async () => {
    const page = b.page;
    await page.goto(base);
    await page.getByLabel('Access key').fill(t.accessKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('project').waitFor();
    await page.goto(`${base}/compose`);
    await page.locator('#page-title').waitFor();
    await page.getByRole('checkbox', { name: /^Instagram:/ }).check();
    await page.getByLabel('Text', { exact: true }).fill('A tall poster for the feed');
    await page.getByRole('button', { name: 'Choose from the library' }).click();
    await page.locator('.ml-picker li button:not([disabled])').first().click();

    const section = page.locator('section.media-conversions');
    await section.getByRole('heading', { name: 'Converted for Instagram' }).waitFor();
    await section.getByText(/image padded from 1:3 to 4:5/).waitFor();
    const padded = section.getByRole('img', { name: 'Media 1 for Instagram padded to 4:5' });
    await padded.waitFor();
    const box = await padded.boundingBox();
    assert.ok(box && Math.abs(box.width / box.height - 0.8) < 0.02, `a 4:5 frame: ${JSON.stringify(box)}`);
    // Padding keeps the whole picture: it is drawn inside the frame over a blurred copy.
    assert.equal(await section.locator('.fitted-backdrop').count(), 1);
    assert.equal(
      await page.evaluate<string>(`getComputedStyle(document.querySelector('.fitted-main')).objectFit`),
      'contain',
    );
    assert.deepEqual(await seriousAxeViolations(page), [], 'padded: serious or critical axe violations');
    await page.screenshot({ path: join(SHOTS, 'padded.png'), fullPage: true });

    // The radio follows validate's answer, which comes back with the account's new fit.
    await section.getByLabel('Cropping the centre').click();
    await section.getByText(/image cropped from 1:3 to 4:5/).waitFor();
    const cropped = section.getByRole('img', { name: 'Media 1 for Instagram cropped to 4:5' });
    await cropped.waitFor();
    assert.equal(await section.locator('.fitted-backdrop').count(), 0);
    assert.equal(
      await page.evaluate<string>(`getComputedStyle(document.querySelector('.fitted-main')).objectFit`),
      'cover',
    );
    assert.deepEqual(await seriousAxeViolations(page), [], 'cropped: serious or critical axe violations');
    await page.screenshot({ path: join(SHOTS, 'cropped.png'), fullPage: true });
  });
});
