/**
 * The dashboard's pages for what the API serves beyond publishing, in a real browser
 * (Debian's Chromium) against the service and the simulator, at desktop and phone
 * width: the inbox (comments on a Facebook Page post with reply, hide and delete;
 * an Instagram conversation with reply; unread marks), analytics (a published
 * post's metrics, Instagram reach and audience, each price shown first), AI in
 * Compose (a caption edited before use, an image added), the media library (upload,
 * used by a post, delete refused then allowed, reused in Compose) and the platform
 * previews (the fold, an X thread, a carousel, a link card). Each page is checked
 * for what a person sees, for fitting a 390 px screen, and by axe-core (no serious
 * or critical violation). Screenshots go to /tmp/dash-features-shots.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { png } from '../../src/media/testing.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { addComment } from '../../src/simulator/platforms/_shared/meta-comments.ts';
import { addIncomingMessage } from '../../src/simulator/platforms/instagram/inbox.ts';
import { SCOPES } from '../engagement/helpers.ts';
import { insertIntegration } from '../fake-adapter.ts';
import { startTestService, type TestService } from '../harness.ts';
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

const SHOTS = '/tmp/dash-features-shots';
const FB_USER = '10000000000000001';
const FB_PAGE = '200000000000001';
const IG_USER = '17841400000000001';

/** The elements that stick out past the right edge of the screen (scrolling areas excepted). */
const WIDER_THAN_SCREEN = `[...document.querySelectorAll('body *')]
  .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5
    && !e.closest('.mainnav, .an-scroll'))
  .map((e) => e.tagName.toLowerCase() + '.' + e.className)
  .slice(0, 5)`;

describe('dashboard inbox, analytics, AI, media and previews in Chromium', { skip: browserSkip() }, () => {
  let t: TestService;
  let sim: Simulator;
  let b: Browser;
  let base: string;
  let fb: string;
  let fbPostId: string;
  let fbPlatformPostId: string;

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
    fbPostId = res.body.postId;
    fbPlatformPostId = (await t.request('GET', `/v1/posts/${fbPostId}`)).body.post.platforms[0]
      .platformPostId;
    addComment(sim, 'facebook', {
      postId: fbPlatformPostId,
      text: 'Is the lemon tart back?',
      author: { id: '901', name: 'Tart Fan' },
    });
    addComment(sim, 'facebook', {
      postId: fbPlatformPostId,
      text: 'Buy cheap followers here',
      author: { id: '902', name: 'Spammer' },
    });
    addIncomingMessage(sim, IG_USER, {
      from: { id: '7260000000000001', username: 'happy_customer' },
      text: 'Do you ship to Canada?',
    });
    // A file in the library before Compose offers it.
    const image = png(48, 32, 1500);
    const ask = await t.request('POST', '/v1/media/upload', {
      filename: 'menu.png',
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
  const go = async (path: string) => {
    await page().goto(`${base}${path}`);
    await page().locator('#page-title').waitFor();
  };
  const settled = () => page().locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  const size = () => ((page().viewportSize()?.width ?? 0) <= PHONE.width ? 'phone' : 'desktop');
  /** What a person sees is checked: it fits the phone, it has no accessibility fault; the screenshot is kept. */
  const check = async (name: string) => {
    assert.deepEqual(
      await seriousAxeViolations(page()),
      [],
      `${name} (${size()}): serious or critical axe violations`,
    );
    if (size() === 'phone') {
      const wide = await page().evaluate<string[]>(WIDER_THAN_SCREEN);
      const overflow = await page().evaluate<number>(
        'document.documentElement.scrollWidth - window.innerWidth',
      );
      assert.ok(overflow <= 0, `${name} is ${overflow}px wider than the phone: ${wide.join(', ')}`);
    }
    await page().screenshot({ path: join(SHOTS, `${name}-${size()}.png`), fullPage: true });
  };

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

      it("inbox: opens a post's comments from the post list, replies, hides and deletes; reads and answers a message", async () => {
        await go('/posts');
        await settled();
        const card = page().locator('.post', { hasText: 'Our spring menu is here' });
        await card.getByRole('link', { name: 'Comments' }).click();
        await page().waitForURL(/\/inbox\?post=/);
        await settled();
        const tart = page().locator('.inbox-item', { hasText: 'Is the lemon tart back?' });
        await tart.waitFor().catch(async (err) => {
          throw new Error(`${err.message}\nThe page shows: ${await page().locator('main').textContent()}`);
        });
        if (label === 'desktop') {
          // Both are new the first time; read marks live in this browser.
          await page().getByRole('status').filter({ hasText: '2 comments, 2 unread' }).waitFor();
          await tart.locator('.badge-unread').waitFor();
        }
        await check('inbox-comments');
        const reply = `We bake it on Fridays (${label})`;
        await tart.getByRole('button', { name: 'Reply to Tart Fan' }).click();
        await tart.getByLabel('Reply to Tart Fan').fill(reply);
        await tart.getByRole('button', { name: 'Send reply' }).click();
        await page()
          .locator('.inbox-item', { hasText: 'Is the lemon tart back?' })
          .getByText(reply)
          .waitFor();
        const spam = page().locator('.inbox-item', { hasText: 'Buy cheap followers here' });
        if (label === 'desktop') {
          await spam.getByRole('button', { name: 'Hide the comment of Spammer' }).click();
          await spam.locator('.badge', { hasText: 'Hidden' }).waitFor();
          await spam.getByRole('button', { name: 'Delete the comment of Spammer' }).click();
          await spam.getByRole('button', { name: 'Delete for good the comment of Spammer' }).click();
          await spam.waitFor({ state: 'detached' });
        } else {
          // Read on the desktop pass: nothing is new any more.
          await page().getByRole('status').filter({ hasText: '1 comment, 0 unread' }).waitFor();
        }

        await page().getByRole('link', { name: 'Instagram messages' }).click();
        await settled();
        const convo = page().locator('.inbox-item', { hasText: 'happy_customer' });
        // The last message shows: theirs at first (new), then the desktop pass's answer (read).
        await convo
          .locator('.inbox-text')
          .filter({
            hasText: label === 'desktop' ? 'Do you ship to Canada?' : 'Yes, we ship to Canada (desktop)',
          })
          .waitFor();
        if (label === 'desktop') await convo.locator('.badge-unread').waitFor();
        else assert.equal(await convo.locator('.badge-unread').count(), 0);
        await convo.getByRole('button', { name: 'Open the conversation with happy_customer' }).click();
        await convo.locator('.inbox-messages li', { hasText: 'Do you ship to Canada?' }).waitFor();
        const answer = `Yes, we ship to Canada (${label})`;
        await convo.getByLabel('Reply to happy_customer').fill(answer);
        await convo.getByRole('button', { name: 'Send message' }).click();
        await convo.locator('.inbox-messages li.msg-own', { hasText: answer }).waitFor();
        await check('inbox-messages');
      });

      it("analytics: shows the price, then a post's metrics with what each platform counts, and Instagram charts", async () => {
        await go('/analytics');
        await settled();
        await page()
          .getByText(/costs 1 credit per read/)
          .waitFor();
        await page().getByRole('button', { name: 'Show metrics (1 credit)' }).click();
        await page().locator('.an-table').getByText('Our spring menu is here').waitFor();
        await page()
          .getByTestId('platform-counts')
          .getByText(/^Facebook Page: counts /)
          .waitFor();
        await page()
          .getByRole('img', { name: /Interactions .* by day of publication/ })
          .waitFor();
        await page().getByRole('button', { name: 'Show daily reach (1 credit)' }).click();
        await page()
          .getByRole('img', { name: /Accounts reached per day/ })
          .waitFor();
        await page().getByRole('button', { name: 'Show audience (1 credit)' }).click();
        await page()
          .getByRole('img', { name: /Followers by/ })
          .first()
          .waitFor();
        // The chart's figures are a table too.
        const audience = page().locator('.an-chart', { hasText: 'Followers by' }).first();
        await audience.locator('summary').click();
        await audience.locator('table').waitFor();
        await check('analytics');
        await go(`/analytics?post=${fbPostId}`);
        await settled();
        await page().getByRole('button', { name: 'Show metrics (1 credit)' }).click();
        await page().getByRole('img', { name: "This post's counts, all platforms together" }).waitFor();
        await check('analytics-post');
      });

      it('Compose: writes a caption with AI, edited before use, and adds an AI image; previews fold, thread, carousel and link', async () => {
        await go('/compose');
        await settled();
        await page()
          .getByRole('checkbox', { name: /^Facebook Page:/ })
          .check();
        await page().getByRole('button', { name: 'Write with AI' }).click();
        await page()
          .getByTestId('ai-price')
          .getByText(/^Costs 2 credits, charged only when a result comes back/)
          .waitFor();
        await page().getByLabel('What is the post about?').fill('Spring menu launch');
        await page().getByRole('button', { name: 'Write', exact: true }).click();
        const result = page().getByLabel("The AI's text (edit it before use)");
        await result.waitFor();
        assert.ok((await result.inputValue()).length > 0);
        const edited = `Edited: ${await result.inputValue()}`;
        await result.fill(edited);
        await page().getByRole('button', { name: 'Use this text' }).click();
        assert.equal(await page().getByLabel('Text', { exact: true }).inputValue(), edited);

        await page().getByRole('button', { name: 'Generate image' }).click();
        await page()
          .getByTestId('ai-image')
          .getByText(/Costs 10 credits/)
          .waitFor();
        await page().getByLabel('Describe the image').fill('A lemon tart');
        await page().getByRole('button', { name: 'Generate', exact: true }).click();
        await page().getByRole('button', { name: 'Add image to the post' }).click();
        await page().locator('.media-list li').first().waitFor();
        await check('compose-ai');

        // Previews: a long text folds on Facebook; X shows the thread; two images make a carousel.
        await page()
          .getByLabel('Text', { exact: true })
          .fill(`${'A long story about our bakery. '.repeat(20)}`);
        const preview = page().getByTestId('preview-facebook');
        await preview.getByTestId('preview-more').filter({ hasText: 'See more' }).waitFor();
        await page().getByRole('button', { name: 'Choose from the library' }).click();
        const use = page().locator('.ml-picker li button:not([disabled])').first();
        await use.click();
        await preview.getByTestId('preview-carousel').waitFor();
        await page()
          .getByRole('checkbox', { name: /^Instagram:/ })
          .check();
        await page().getByTestId('preview-instagram').getByTestId('preview-more').waitFor();
        await check('compose-previews');
        // A text-only post with a link gets a link card.
        while ((await page().locator('.media-list li').count()) > 0)
          await page().locator('.media-list button').first().click();
        await page().getByLabel('Text', { exact: true }).fill('Read the menu at https://bakery.example/menu');
        await preview.getByTestId('preview-link').getByText('bakery.example').waitFor();
      });

      it('media library: uploads, shows size, type and use; refuses to delete a used file, deletes an unused one', async () => {
        await go('/media');
        await settled();
        const name = `photo-${label}.png`;
        await page()
          .getByLabel('Upload a file')
          .setInputFiles({ name, mimeType: 'image/png', buffer: png(40, 30, 2000) });
        await page()
          .getByRole('status')
          .filter({ hasText: `Uploaded ${name}.` })
          .waitFor();
        const card = page().locator('.ml-card', { hasText: name });
        await card.getByText(/image · image\/png · 2\.\d KB/).waitFor();
        await card.getByText('Not used by any post').waitFor();
        // An AI image of the Compose test is there too, marked so.
        await page().locator('.ml-card', { hasText: 'made with AI' }).first().waitFor();
        await check('media');

        // A scheduled post using the file keeps it.
        const file = (await t.request('GET', '/v1/media?limit=100')).body.media.find(
          (m: { filename: string }) => m.filename === name,
        );
        const post = await t.request('POST', '/v1/posts', {
          content: 'Scheduled with the photo',
          mediaItems: [{ type: 'image', url: file.url }],
          platforms: [{ platform: 'facebook', accountId: fb }],
          scheduledFor: new Date(Date.now() + 7 * 86400_000).toISOString(),
        });
        assert.equal(post.status, 202, post.text);
        await page().reload();
        await settled();
        await card.getByText(/Used by 1 post: “Scheduled with the photo” \(scheduled\)/).waitFor();
        await card.getByText('In use by a post still to be published: it can not be deleted.').waitFor();
        await t.request('DELETE', `/v1/posts/${post.body.postId}`);
        await page().reload();
        await settled();
        await card.getByRole('button', { name: `Delete ${name}` }).click();
        await card.getByRole('button', { name: `Delete ${name} for good` }).click();
        await card.waitFor({ state: 'detached' });
        const gone = await fetch(file.url);
        assert.equal(gone.status, 404, 'the stored file is deleted');
      });
    });
  }
});
