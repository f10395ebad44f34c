/**
 * Approval in the dashboard, in Chromium: the Approvals page lists a contributor's
 * posts; an editor adds a note, requests changes on one and approves another;
 * shares a post for client review; the public review page (no sign-in) shows the
 * post per account and takes the reviewer's answer; a revoked link says so.
 * At desktop size and at 390 px, with screenshots.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromium } from 'playwright-core';
import { createAccessKey } from '../../src/domain/projects/keys.ts';
import { png } from '../../src/media/testing.ts';
import { startTestService, type TestService } from '../harness.ts';
import { addIntegration, FUTURE } from '../posts-fixtures.ts';
import {
  type Browser,
  browserSkip,
  CHROMIUM,
  DESKTOP,
  ensureDashboardBuilt,
  freePort,
  openBrowser,
  PHONE,
} from './browser.ts';

describe('dashboard approval in Chromium', { skip: browserSkip() }, () => {
  let t: TestService;
  let b: Browser;
  let base: string;
  let contributor: Record<string, string>;
  const submit = async (content: string) => {
    const res = await t.request(
      'POST',
      '/v1/posts',
      { content, platforms: [{ platform: 'twitter', accountId: tw }], scheduledFor: FUTURE },
      contributor,
    );
    assert.equal(res.body.status, 'pending', res.text);
    return res.body.postId as string;
  };
  let tw: string;
  let li: string;
  /** An image uploaded through POST /v1/media/upload and its signed PUT. */
  const upload = async () => {
    const bytes = png(320, 240, 4000);
    const res = await t.request('POST', '/v1/media/upload', {
      filename: 'winter.png',
      mimeType: 'image/png',
      size: bytes.length,
    });
    assert.equal(res.status, 200, res.text);
    const u = new URL(res.body.data.uploadUrl);
    const put = await t.service.server?.inject({
      method: 'PUT',
      url: `${u.pathname}${u.search}`,
      payload: bytes,
      headers: { 'content-type': 'image/png' },
    });
    assert.equal(put?.statusCode, 200, put?.body);
    return res.body.data.publicUrl as string;
  };
  /** A contributor's post to X and LinkedIn (with its own text there) and an image, at a time in Paris. */
  const submitRich = async (content: string) => {
    const res = await t.request(
      'POST',
      '/v1/posts',
      {
        content,
        mediaItems: [{ type: 'image', url: await upload() }],
        platforms: [
          { platform: 'twitter', accountId: tw },
          { platform: 'linkedin', accountId: li, content: `${content} (for LinkedIn)` },
        ],
        scheduledFor: `${FUTURE.slice(0, 10)}T10:00:00`,
        timezone: 'Europe/Paris',
      },
      contributor,
    );
    assert.equal(res.body.status, 'pending', res.text);
    return res.body.postId as string;
  };
  const signIn = async () => {
    const page = b.page;
    await page.goto(base);
    if (await page.getByRole('button', { name: 'Sign out' }).isVisible())
      await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Access key').fill(t.accessKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('project').waitFor();
  };

  before(async () => {
    ensureDashboardBuilt();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await startTestService('sqlite', {
      listen: true,
      settings: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        ROLE: 'api',
        PUBLISH_WAIT_MS: '0',
        SIMULATOR_URL: 'http://127.0.0.1:9',
      },
    });
    tw = await addIntegration(t.ctx, t.projectId, 'twitter');
    li = await addIntegration(t.ctx, t.projectId, 'linkedin');
    // Named as people know them: a display name and a handle.
    for (const [id, name] of [
      [tw, 'Acme Coffee'],
      [li, 'Acme Coffee Company'],
    ] as const)
      await t.ctx.store.db
        .updateTable('integrations')
        .set({ display_name: name })
        .where('id', '=', id)
        .execute();
    contributor = {
      'x-access-key': (await createAccessKey(t.ctx, t.projectId, 'writer', { role: 'contributor' }))
        .accessKey,
    };
    b = await openBrowser();
  });
  after(async () => {
    await b?.close();
    await t?.close();
  });

  it('approves, requests changes, notes and shares for review; the reviewer answers without an account', async () => {
    const toApprove = await submit('Winter blend is back in all our shops');
    const toChange = await submit('Holiday opening hours');
    const page = b.page;
    await page.setViewportSize(DESKTOP);
    await page.goto(base);
    await page.getByLabel('Access key').fill(t.accessKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('project').waitFor();
    await page.getByRole('link', { name: 'Approvals' }).click();
    await page.getByRole('heading', { name: 'Approvals' }).waitFor();

    const changeCard = page.locator('li.post').filter({ hasText: 'Holiday opening hours' });
    await changeCard.getByRole('button', { name: 'Notes' }).click();
    await changeCard.getByLabel('Add a note for the team').fill('Check the Sunday hours with the shops');
    await changeCard.getByRole('button', { name: 'Add note' }).click();
    await changeCard.getByText('Check the Sunday hours with the shops').waitFor();
    await changeCard.getByText('Sent for approval').waitFor();
    await b.screenshot('approvals');

    await changeCard.getByRole('button', { name: 'Request changes' }).click();
    await changeCard.getByLabel('What should change?').fill('Sunday is closed');
    await changeCard.getByRole('button', { name: 'Send back as draft' }).click();
    await page.locator('li.post').filter({ hasText: 'Holiday opening hours' }).waitFor({ state: 'detached' });
    assert.equal((await t.request('GET', `/v1/posts/${toChange}`)).body.post.status, 'draft');

    const approveCard = page.locator('li.post').filter({ hasText: 'Winter blend' });
    await approveCard.getByRole('button', { name: 'Share for client review' }).click();
    const urlField = approveCard.getByLabel(/Review link/);
    await urlField.waitFor();
    const url = await urlField.inputValue();
    assert.match(url, /\/review\/rvw_[A-Za-z0-9_-]{43}$/);
    await page.getByRole('table').getByText('Open', { exact: true }).waitFor();
    // Named as the team knows it: the post's text, not its id.
    await page.getByRole('cell', { name: '“Winter blend is back in all our shops”', exact: true }).waitFor();
    assert.doesNotMatch((await page.getByRole('table').textContent()) ?? '', /post_[a-z0-9]/);

    // The reviewer, without an account, in a page of their own.
    const review = await b.context.newPage();
    await review.setViewportSize(PHONE);
    await review.goto(url);
    await review.getByRole('heading', { name: /Goes out/ }).waitFor();
    await review.getByText('Winter blend is back in all our shops').waitFor();
    await review.getByText('@twitter-user').waitFor();
    await review.screenshot({ path: 'test-output/screenshots/review-page-phone.png', fullPage: true });
    await review.getByLabel('Your name').fill('Kim from Acme');
    await review.getByLabel(/Comment/).fill('Perfect, go ahead');
    await review.getByRole('button', { name: 'Approve' }).click();
    await review.getByText(/^Approved: it goes out .+ \(UTC\)\.$/).waitFor();
    await review.getByText(/Kim from Acme approved/).waitFor();
    // Decided: the answer form gives way to what was decided, and no UTC instant is shown.
    assert.equal(await review.getByRole('button', { name: 'Approve' }).count(), 0);
    assert.doesNotMatch((await review.locator('main').textContent()) ?? '', /\d{4}-\d{2}-\d{2}T\d{2}:/);
    await review.setViewportSize(DESKTOP);
    await review.screenshot({ path: 'test-output/screenshots/review-page-desktop.png', fullPage: true });
    assert.equal((await t.request('GET', `/v1/posts/${toApprove}`)).body.post.status, 'scheduled');
    const last = (await t.request('GET', `/v1/posts/${toApprove}/notes`)).body.notes.at(-1);
    assert.deepEqual([last.kind, last.author], ['review_approved', 'Kim from Acme']);

    // Decided: the link says so, and has nothing left to revoke.
    await page.reload();
    await page.getByRole('heading', { name: 'Client review links' }).waitFor();
    const approvedRow = page.getByRole('row').filter({ hasText: '“Winter blend is back in all our shops”' });
    await approvedRow.getByText(/^Decided: approved/).waitFor();
    assert.equal(await approvedRow.getByRole('button', { name: /^Revoke/ }).count(), 0);
    // Revoked: the page says so.
    const open = await t.request('POST', '/v1/review-links', { postId: await submit('Still to review') });
    assert.equal(open.status, 201, open.text);
    await page.reload();
    await page.setViewportSize(PHONE);
    await page
      .getByRole('row')
      .filter({ hasText: '“Still to review”' })
      .getByRole('button', { name: /^Revoke/ })
      .click();
    await page.getByText('Revoked: the link no longer opens.').waitFor();
    await b.screenshot('approvals');
    await review.goto(open.body.url);
    await review.getByText(/This review link was revoked/).waitFor();
    await review.screenshot({ path: 'test-output/screenshots/review-revoked-desktop.png', fullPage: true });
    await review.close();
  });

  it('approves from the queue and shows the answer', async () => {
    const postId = await submit('Approve me from the dashboard');
    const page = b.page;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${base}/approvals`);
    const card = page.locator('li.post').filter({ hasText: 'Approve me from the dashboard' });
    await card.getByRole('button', { name: 'Approve' }).click();
    await card.waitFor({ state: 'detached' });
    // The outcome stays on the page, in words and local time.
    await page
      .getByRole('status')
      .filter({
        hasText:
          /^Approved “Approve me from the dashboard”: scheduled for \d+ [A-Z][a-z]+ \d{4}, 09:00 \(UTC\)\.$/,
      })
      .waitFor();
    assert.equal((await t.request('GET', `/v1/posts/${postId}`)).body.post.status, 'scheduled');
  });

  it('closes a review link once its post has gone out, naming the post', async () => {
    const postId = await submit('Published before the client looked');
    const link = await t.request('POST', '/v1/review-links', { postId });
    assert.equal(link.status, 201, link.text);
    // The post goes out (as if approved and published): nothing is left to review.
    await t.ctx.store.db.updateTable('posts').set({ status: 'published' }).where('id', '=', postId).execute();
    const page = b.page;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${base}/approvals`);
    const row = page.getByRole('row').filter({ hasText: '“Published before the client looked”' });
    await row.getByText('Closed: the post is published').waitFor();
    assert.equal(await row.getByRole('button', { name: /^Revoke/ }).count(), 0);
  });
  for (const size of [DESKTOP, PHONE]) {
    const width = size === DESKTOP ? 'desktop' : 'phone';
    it(`previews each account with its text and media, edits before approving, and says the outcome (${width})`, async () => {
      const content = `Winter blend tasting (${width})`;
      const postId = await submitRich(content);
      const page = b.page;
      await page.setViewportSize(size);
      await signIn();
      await page.goto(`${base}/approvals`);
      const card = page.locator('li.post').filter({ hasText: content });
      const previews = card.getByRole('list', { name: 'Previews' });
      // Each account by platform, name and handle, never by id, with the text it gets and the image.
      const x = previews.locator('li.preview').filter({ hasText: '@twitter-user' });
      await x.getByText('Acme Coffee', { exact: true }).waitFor();
      await x.getByText(content, { exact: true }).waitFor();
      const linkedIn = previews.locator('li.preview').filter({ hasText: '@linkedin-user' });
      await linkedIn.getByText(`${content} (for LinkedIn)`, { exact: true }).waitFor();
      const image = x.getByRole('img', { name: 'Attached to the post' });
      await image.waitFor();
      // Loaded, not a broken picture (read in the page: this file has no DOM types).
      const loaded = `[...document.querySelectorAll('.approval-previews img')].every((i) => i.complete && i.naturalWidth > 0)`;
      for (let tries = 0; tries < 200 && !(await page.evaluate<boolean>(loaded)); tries++)
        await page.waitForTimeout(50);
      assert.equal(await page.evaluate<boolean>(loaded), true);
      assert.doesNotMatch((await card.textContent()) ?? '', /int_[a-z0-9]/);
      await b.screenshot('approval-preview');

      // Edit before approving: the post's text and LinkedIn's own.
      await card.getByRole('button', { name: 'Edit before approving' }).click();
      const form = card.getByRole('form', { name: 'Edit before approving' });
      await form.getByLabel('Text', { exact: true }).fill(`${content}: this Saturday`);
      await form.getByLabel(/^Own text for LinkedIn/).fill(`${content}: this Saturday, on LinkedIn`);
      await b.screenshot('approval-edit');
      await form.getByRole('button', { name: 'Save edit' }).click();
      await card
        .getByRole('status')
        .filter({ hasText: /^Edit saved/ })
        .waitFor();
      await x.getByText(`${content}: this Saturday`, { exact: true }).waitFor();
      await linkedIn.getByText(`${content}: this Saturday, on LinkedIn`, { exact: true }).waitFor();
      const edited = (await t.request('GET', `/v1/posts/${postId}`)).body.post;
      assert.equal(edited.status, 'pending');
      assert.equal(edited.content, `${content}: this Saturday`);

      // A text X refuses is said on the card, and nothing changes.
      await card.getByRole('button', { name: 'Edit before approving' }).click();
      await form.getByLabel('Text', { exact: true }).fill('x'.repeat(300));
      await form.getByRole('button', { name: 'Save edit' }).click();
      await form.getByRole('alert').filter({ hasText: /280/ }).waitFor();
      await form.getByRole('button', { name: 'Cancel' }).click();
      assert.equal(
        (await t.request('GET', `/v1/posts/${postId}`)).body.post.content,
        `${content}: this Saturday`,
      );

      await card.getByRole('button', { name: 'Approve', exact: true }).click();
      await card.waitFor({ state: 'detached' });
      const scheduled = (await t.request('GET', `/v1/posts/${postId}`)).body.post;
      assert.equal(scheduled.status, 'scheduled');
      assert.equal(scheduled.content, `${content}: this Saturday`);
      await page
        .getByRole('status')
        .filter({
          hasText: new RegExp(
            `^Approved “${content.replace(/[()]/g, '\\$&')}: this Saturday”: scheduled for .+, 10:00 \\(Europe/Paris\\)\\.$`,
          ),
        })
        .waitFor();
      await b.screenshot('approval-outcome');
    });
  }

  it('lists review links by what they show, and says Decided once the team decides; the review page shows the outcome, times in their zone', async () => {
    const content = 'Shared, then approved by the team';
    const postId = await submitRich(content);
    const made = await t.request('POST', '/v1/review-links', { postId });
    assert.equal(made.status, 201, made.text);
    const page = b.page;
    await page.setViewportSize(DESKTOP);
    await signIn();
    await page.goto(`${base}/approvals`);
    const row = page.getByRole('row').filter({ hasText: `“${content}”` });
    await row.getByText('Open', { exact: true }).waitFor();
    // What it is: the post's text, its accounts by platform and handle, who made it and when.
    await row.getByText('X @twitter-user').waitFor();
    await row.getByText('LinkedIn @linkedin-user').waitFor();
    const createdWords = new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(new Date(made.body.reviewLink.createdAt));
    await row.getByText(createdWords).waitFor();
    assert.doesNotMatch((await page.getByRole('table').textContent()) ?? '', /(post|int|rvl)_[a-z0-9]/);

    // The reviewer in New York, before anyone decides: the form, and times in their zone, named.
    // The browser runs in UTC: the reviewer's browser of their own, in New York.
    const other = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu'],
    });
    try {
      const nyContext = await other.newContext({ timezoneId: 'America/New_York', locale: 'en-GB' });
      await nyContext.route('**/*', (route) =>
        new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort(),
      );
      const review = await nyContext.newPage();
      await review.goto(made.body.url);
      const post = (await t.request('GET', `/v1/posts/${postId}`)).body.post;
      const inZone = (zone: string) =>
        new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(
          new Date(post.scheduledFor),
        );
      await review
        .getByRole('heading', {
          name: `Goes out ${inZone('America/New_York')} (America/New_York); ${inZone('Europe/Paris')} in Europe/Paris, the post’s time zone`,
        })
        .waitFor();
      assert.match(inZone('Europe/Paris'), /10:00/);
      await review.getByRole('button', { name: 'Approve' }).waitFor();

      // The team approves in the dashboard: the link says Decided, the review page shows the outcome.
      const card = page.locator('li.post').filter({ hasText: content });
      await card.getByRole('button', { name: 'Approve', exact: true }).click();
      await card.waitFor({ state: 'detached' });
      await page.reload();
      const decided = page.getByRole('row').filter({ hasText: `“${content}”` });
      await decided.getByText(/^Decided: approved, scheduled for /).waitFor();
      assert.equal(await decided.getByRole('button', { name: /^Revoke/ }).count(), 0);
      assert.equal(await decided.getByText('Open', { exact: true }).count(), 0);
      await b.screenshot('review-links-decided');

      await review.reload();
      await review
        .getByRole('status')
        .filter({ hasText: `Approved: scheduled for ${inZone('America/New_York')} (America/New_York);` })
        .waitFor();
      assert.equal(await review.getByRole('button', { name: 'Approve' }).count(), 0);
      assert.equal(await review.getByLabel('Your name').count(), 0);
      await review.setViewportSize(PHONE);
      await review.screenshot({ path: 'test-output/screenshots/review-decided-phone.png', fullPage: true });
    } finally {
      await other.close();
    }
  });
});
