/**
 * The details a manager meets every day, in Chromium (locale en-US, whose clock is
 * 12-hour, so a 24-hour label beside it shows), at desktop and phone width: the Inbox
 * offers Hide/Unhide and no Delete on a Threads reply (Threads can not delete other
 * people's replies); a YouTube handle shows with one @; an account picture that does
 * not load gives way to the account's initials, on the Accounts page and on the page
 * choosing Facebook Pages; a connection offering one Page has it ticked, and its
 * "Connected 1 account." banner gives way to the next action; the media library names
 * the posts using a file by their text and opens Compose with a file; the calendar's
 * week says its hours as its chips do, and a chip's time is whole on a phone.
 * Screenshots go to /tmp/dash-details-shots.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { png } from '../../src/media/testing.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { addComment } from '../../src/simulator/platforms/_shared/meta-comments.ts';
import { SCOPES, THREADS_USER } from '../engagement/helpers.ts';
import { insertIntegration } from '../fake-adapter.ts';
import { startTestService, type TestService } from '../harness.ts';
import { until } from '../shared-store.ts';
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

const SHOTS = '/tmp/dash-details-shots';
/** A Monday some weeks ahead at 08:00 UTC (the browser's zone is UTC). */
const MONDAY_8 = (() => {
  const d = new Date(Date.now() + 14 * 86400_000);
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7));
  d.setUTCHours(8, 0, 0, 0);
  return d;
})();

describe('dashboard everyday details in Chromium', { skip: browserSkip() }, () => {
  let t: TestService;
  let sim: Simulator;
  let b: Browser;
  let base: string;
  let imageUrl: string;

  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
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
    // A Threads account with a published post and someone's reply under it.
    const threadsToken = sim.issueTokens('threads', {
      accountId: THREADS_USER,
      scopes: [...SCOPES.threads, 'threads_content_publish'],
      ttlSec: null,
    });
    const threads = await insertIntegration(t.ctx, t.projectId, 'threads', {
      token: threadsToken.accessToken,
      platformUserId: THREADS_USER,
    });
    const published = await t.request('POST', '/v1/posts', {
      content: 'Our autumn roast is in',
      platforms: [{ platform: 'threads', accountId: threads }],
      publishNow: true,
    });
    assert.equal(published.body.status, 'published', published.text);
    const post = (await t.request('GET', `/v1/posts/${published.body.postId}`)).body.post;
    addComment(sim, 'threads', {
      postId: post.platforms[0].platformPostId,
      text: 'Follow me for free followers',
      author: { id: '903', name: 'spam_bot' },
    });
    // A YouTube channel whose handle starts with @ and whose picture does not load.
    const youtube = await insertIntegration(t.ctx, t.projectId, 'youtube', { platformUserId: 'UCsim' });
    await t.ctx.store.db
      .updateTable('integrations')
      .set({
        username: '@simchannel',
        display_name: 'Sim Channel',
        image_url: 'https://yt3.ggpht.invalid/missing.jpg',
      })
      .where('id', '=', youtube)
      .execute();
    // A file in the library, used by a scheduled post at 08:00 on a Monday.
    const image = png(48, 32, 1500);
    const ask = await t.request('POST', '/v1/media/upload', {
      filename: 'roast.png',
      mimeType: 'image/png',
      size: image.length,
    });
    const put = await fetch(ask.body.data.uploadUrl, {
      method: 'PUT',
      body: image,
      headers: { 'content-type': 'image/png' },
    });
    assert.equal(put.status, 200, await put.text());
    imageUrl = ask.body.data.publicUrl;
    const twitter = await insertIntegration(t.ctx, t.projectId, 'twitter');
    const scheduled = await t.request('POST', '/v1/posts', {
      content: 'Monday roast tasting at the shop',
      platforms: [{ platform: 'twitter', accountId: twitter }],
      mediaItems: [{ type: 'image', url: imageUrl }],
      scheduledFor: MONDAY_8.toISOString(),
    });
    assert.equal(scheduled.status < 300, true, scheduled.text);
    b = await openBrowser({ locale: 'en-US' });
  });
  after(async () => {
    await b?.close();
    await t?.close();
    await sim?.close();
  });

  const page = () => b.page;
  const go = async (path: string) => {
    await page().goto(`${base}${path}`);
    await page().locator('#page-title').waitFor();
  };
  const settled = () => page().locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  const size = () => ((page().viewportSize()?.width ?? 0) <= PHONE.width ? 'phone' : 'desktop');
  const shot = (name: string) =>
    page().screenshot({ path: join(SHOTS, `${name}-${size()}.png`), fullPage: true });
  const noAxe = async (name: string) =>
    assert.deepEqual(await seriousAxeViolations(page()), [], `${name} (${size()}): axe violations`);
  /** Images that were asked for and did not load (the broken-image icon). */
  const brokenImages = () =>
    page().evaluate<string[]>(
      `[...document.images].filter((i) => i.complete && i.naturalWidth === 0).map((i) => i.src)`,
    );

  it('signs in', async () => {
    await page().goto(base);
    await page().getByLabel('Access key').fill(t.accessKey);
    await page().getByRole('button', { name: 'Sign in' }).click();
    await page().getByTestId('project').filter({ hasText: 'Project: test' }).waitFor();
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    describe(`at ${label} width`, () => {
      before(() => page().setViewportSize(viewport));

      it('inbox: a Threads reply can be hidden and unhidden, and is not offered for deletion', async () => {
        await go('/inbox');
        await settled();
        const reply = page().locator('.inbox-item', { hasText: 'Follow me for free followers' });
        await reply.waitFor();
        assert.equal(await reply.getByRole('button', { name: /^Delete/ }).count(), 0);
        await reply.getByRole('button', { name: 'Hide the comment of spam_bot' }).click();
        await reply.getByRole('button', { name: 'Unhide the comment of spam_bot' }).waitFor();
        await reply.getByText('Hidden', { exact: true }).waitFor();
        await shot('inbox-threads');
        await noAxe('inbox');
        await reply.getByRole('button', { name: 'Unhide the comment of spam_bot' }).click();
        await reply.getByRole('button', { name: 'Hide the comment of spam_bot' }).waitFor();
      });

      it('accounts: one @ before a YouTube handle, initials where the picture does not load', async () => {
        await go('/integrations');
        await settled();
        const row = page().locator('.integration[data-platform="youtube"]');
        await row.waitFor();
        assert.equal((await row.locator('.account-handle').textContent())?.trim(), '@simchannel');
        assert.doesNotMatch((await page().locator('main').textContent()) ?? '', /@@/);
        await until(async () => (await row.locator('.avatar img').count()) === 0);
        assert.equal(await row.locator('.avatar').textContent(), 'SC');
        assert.deepEqual(await brokenImages(), []);
        await shot('accounts');
      });

      it('media library: posts named by their text; "Use in a new post" opens Compose with the file', async () => {
        await go('/media');
        await settled();
        const card = page().locator('.ml-card', { hasText: 'roast.png' });
        await card.getByTestId('used-by').filter({ hasText: 'Monday roast tasting at the shop' }).waitFor();
        assert.doesNotMatch((await card.getByTestId('used-by').textContent()) ?? '', /post [a-z0-9]{6}\b/);
        await shot('media-library');
        await noAxe('media library');
        await card.getByRole('button', { name: 'Use roast.png in a new post' }).click();
        await page().waitForURL(/\/compose$/);
        await page().locator('.media-list li', { hasText: imageUrl }).waitFor();
        await shot('compose-with-media');
      });

      it('calendar week: hours said as the chips say them, and a chip shows its whole time', async () => {
        const day = MONDAY_8.toISOString().slice(0, 10);
        await go(`/calendar?view=week&date=${day}`);
        await settled();
        const chip = page().locator('.week .chip', { hasText: 'Monday roast tasting' });
        await chip.waitFor();
        await chip.scrollIntoViewIfNeeded();
        const chipTime = (await chip.locator('.chip-time').textContent()) ?? '';
        // en-US: "08:00 AM" on the chip, and the row the chip sits in is said the same way.
        assert.match(chipTime, /^0?8:00\sAM$/);
        const rowHour = (await chip.locator('xpath=ancestor::tr/th').textContent()) ?? '';
        assert.match(rowHour, /^0?8(:00)?\sAM$/, `row ${rowHour} beside chip ${chipTime}`);
        // Browser-side code is a string: this file is type-checked without the DOM's types.
        const clipped = await page().evaluate<boolean>(`(() => {
          const c = document.querySelector('.week .chip');
          const r = c.querySelector('.chip-time').getBoundingClientRect();
          const box = c.getBoundingClientRect();
          return r.right > box.right + 0.5 || r.bottom > box.bottom + 0.5 || r.width < 1;
        })()`);
        assert.equal(clipped, false, `the chip's time "${chipTime}" is cut`);
        await shot('calendar-week');
      });
    });
  }

  it('connecting one Facebook Page: it is ticked, and the banner gives way to the next action', async () => {
    await page().setViewportSize(DESKTOP);
    await go('/integrations');
    await settled();
    await page().getByRole('button', { name: 'Connect Facebook Page' }).click();
    await page().waitForURL(/\/connect\/selection\?.*selectionToken=/);
    await settled();
    const box = page().getByRole('checkbox', { name: 'Sim Page' });
    await box.waitFor();
    assert.equal(await box.isChecked(), true, 'the one Page offered is chosen');
    assert.deepEqual(await brokenImages(), []);
    await shot('selection-one-page');
    await page().getByRole('button', { name: 'Connect 1 selected' }).click();
    await page().waitForURL(/\/integrations\?connected=1/);
    const banner = page().getByText(/^Connected 1 account\.$/);
    await banner.waitFor();
    await page().getByLabel('Profile name').fill('Roastery');
    await page().getByRole('button', { name: 'Create profile' }).click();
    await page().getByText('Profile Roastery created.').waitFor();
    assert.equal(await banner.count(), 0, 'the banner gave way to the next action');
    await shot('accounts-after-connect');
  });
});
