/**
 * Approval in the dashboard, in Chromium: the Approvals page lists a contributor's
 * posts; an editor adds a note, requests changes on one and approves another;
 * shares a post for client review; the public review page (no sign-in) shows the
 * post per account and takes the reviewer's answer; a revoked link says so.
 * At desktop size and at 390 px, with screenshots.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createAccessKey } from '../../src/domain/projects/keys.ts';
import { startTestService, type TestService } from '../harness.ts';
import { addIntegration, FUTURE } from '../posts-fixtures.ts';
import {
  type Browser,
  browserSkip,
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

    // Revoked: the page says so.
    await page.reload();
    await page.getByRole('heading', { name: 'Client review links' }).waitFor();
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: /^Revoke/ }).click();
    await page.getByText('Revoked: the link no longer opens.').waitFor();
    await b.screenshot('approvals');
    await review.reload();
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
        hasText: /^Approved “Approve me from the dashboard”: scheduled for \d+ [A-Z][a-z]+ \d{4}, 09:00\.$/,
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
});
