/**
 * The dashboard in a real browser (Debian's Chromium), against the service and the
 * platform simulator on loopback, as a person uses it: sign in, connect X by OAuth
 * and Facebook Pages through the page selection, subscribe a webhook, see a
 * validation message beside its field, schedule a post to three platforms and see it
 * published in the calendar and the list, edit its live text, reschedule a post by dragging it, and read
 * the delivery log and the usage chart. Every page is photographed at desktop and
 * phone width into test-output/screenshots.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { startTestService, type TestService } from '../harness.ts';
import { type Receiver, startReceiver } from '../notifications/receiver.ts';
import { until } from '../shared-store.ts';
import {
  type Browser,
  browserSkip,
  DESKTOP,
  ensureDashboardBuilt,
  freePort,
  openBrowser,
  PHONE,
} from './browser.ts';

const FB_MANAGER = '10000000000000002';

/** The elements that stick out past the right edge of the screen (scrolling areas excepted). */
const WIDER_THAN_SCREEN = `[...document.querySelectorAll('body *')]
  .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 && !e.closest('.week, .mainnav'))
  .map((e) => e.tagName.toLowerCase() + '.' + e.className)
  .slice(0, 5)`;

describe('dashboard in Chromium', { skip: browserSkip() }, () => {
  let t: TestService;
  let sim: Simulator;
  let hooks: Receiver;
  let b: Browser;
  let base: string;
  before(async () => {
    ensureDashboardBuilt();
    sim = await startSimulator();
    // The authorize page logs in as a user who manages several Pages, so there is a choice to make.
    sim.state.setAuthorizeAs('facebook', FB_MANAGER);
    hooks = await startReceiver();
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
        NOTIFICATION_POLL_MS: '50',
        PUBLISH_WAIT_MS: '5000',
        OUTBOUND_ALLOWLIST: '127.0.0.1',
      },
    });
    b = await openBrowser();
  });
  after(async () => {
    await b?.close();
    await t?.close();
    await hooks?.close();
    await sim?.close();
  });

  const page = () => b.page;
  const pinterestId = async () =>
    (await t.request('GET', '/v1/connect/integrations?platform=pinterest')).body.integrations[0].id as string;
  const go = async (path: string) => {
    await page().goto(`${base}${path}`);
    await page().locator('#page-title').waitFor();
  };
  /** Every placeholder is gone (no loading in progress). */
  const settled = () => page().locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });

  it('signs in with a project key (a wrong one is refused beside the field) and shows the project', async () => {
    await page().goto(base);
    await page().getByLabel('Access key').waitFor();
    await b.screenshot('signin');
    await page().getByLabel('Access key').fill('sps_wrong');
    await page().getByRole('button', { name: 'Sign in' }).click();
    await page().locator('#access-key-messages li', { hasText: 'not valid' }).waitFor();
    await page().getByLabel('Access key').fill(t.accessKey);
    await page().getByRole('button', { name: 'Sign in' }).click();
    await page().getByTestId('project').filter({ hasText: 'Project: test' }).waitFor();
    await settled();
    await page().getByText('No posts yet').waitFor();
    await b.screenshot('posts-empty');
  });

  it('connects X through the OAuth redirect and back', async () => {
    await go('/integrations');
    await settled();
    await page().getByRole('button', { name: 'Connect X' }).click();
    await page().waitForURL(/\/integrations\?.*integrationId=/);
    await page().getByRole('status').filter({ hasText: 'Connected X' }).waitFor();
    await page().locator('.integration[data-platform="twitter"]').waitFor();
  });

  it('connects Facebook Pages chosen with checkboxes on the selection page', async () => {
    await page().getByRole('button', { name: 'Connect Facebook Page' }).click();
    await page().waitForURL(/\/connect\/selection\?.*selectionToken=/);
    await settled();
    const boxes = page().locator('.choices input[type="checkbox"]');
    await boxes.first().waitFor();
    assert.ok((await boxes.count()) >= 2, 'the manager has several Pages to choose from');
    await b.screenshot('selection');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page().getByRole('button', { name: 'Connect 2 selected' }).click();
    await page().waitForURL(/\/integrations\?connected=2/);
    await settled();
    await page()
      .getByText(/^Connected 2 accounts\.$/)
      .waitFor();
    await until(async () => (await page().locator('.integration[data-platform="facebook"]').count()) === 2);
    const list = await t.request('GET', '/v1/connect/integrations?platform=facebook');
    assert.equal(list.body.total, 2);
    // A new profile, and one Page moved into it.
    await page().getByLabel('Profile name').fill('Brand A');
    await page().getByRole('button', { name: 'Create profile' }).click();
    await page().getByText('Profile Brand A created.').waitFor();
    const pageRow = page().locator('.integration[data-platform="facebook"]').first();
    await pageRow.getByLabel('Profile').selectOption({ label: 'Brand A' });
    // The row moves into the profile's group; the list says where it went.
    await page()
      .getByRole('status')
      .filter({ hasText: /^Moved .+ to Brand A\.$/ })
      .waitFor();
    await page()
      .getByRole('region', { name: 'Brand A' })
      .locator('.integration[data-platform="facebook"]')
      .waitFor();
    // The connection's banner gave way to what was done since.
    assert.equal(
      await page()
        .getByText(/^Connected 2 accounts\.$/)
        .count(),
      0,
    );
    const moved = await t.request('GET', '/v1/connect/integrations?platform=facebook');
    assert.equal(moved.body.integrations.filter((i: { profileId: string | null }) => i.profileId).length, 1);
    await b.screenshot('integrations');
  });

  it('connects a LinkedIn organization through the same selection page', async () => {
    await page().getByRole('button', { name: 'Connect LinkedIn' }).click();
    await page().waitForURL(/\/connect\/selection\?.*platform=linkedin/);
    await settled();
    await page().getByRole('checkbox', { name: 'Sim Corp' }).check();
    await page().getByRole('button', { name: 'Connect 1 selected' }).click();
    await page().waitForURL(/\/integrations\?connected=1/);
    await settled();
    await page().locator('.integration[data-platform="linkedin"]', { hasText: 'Sim Corp' }).waitFor();
  });

  it('subscribes a webhook from the notifications page', async () => {
    await go('/notifications');
    await settled();
    await page().getByText('No subscription yet').waitFor();
    await page().getByLabel('Webhook URL').fill(hooks.url);
    await page().getByRole('button', { name: 'Subscribe' }).click();
    await page().getByText('signing secret, shown this once').waitFor();
    await page().locator('.sub-url', { hasText: hooks.url }).waitFor();
  });

  it('shows the API’s validation message beside the field it names', async () => {
    await go('/compose');
    await settled();
    await page().getByRole('checkbox', { name: /^X:/ }).check();
    await page().getByLabel('Text', { exact: true }).fill('y'.repeat(300));
    const message = page().locator('#content-messages li', { hasText: 'the limit is 280' });
    await message.waitFor();
    assert.match((await message.textContent()) ?? '', /^X: the post's content is 300 characters/);
    assert.equal(await page().getByLabel('Text', { exact: true }).getAttribute('aria-invalid'), 'true');
    // The counter is the API's count: X weighs a URL 23 characters whatever its length.
    await page()
      .locator('.counter.counter-over[data-platform="twitter"]', { hasText: 'X 300/280' })
      .waitFor();
    await page()
      .getByLabel('Text', { exact: true })
      .fill(`Read https://example.com/${'p'.repeat(60)}`);
    await page().locator('.counter[data-platform="twitter"]', { hasText: 'X 28/280' }).waitFor();
    // The first comment's length rule is X's too: its message is placed beside it, naming X.
    await page().getByLabel('First comment (optional)').fill('z'.repeat(281));
    const comment = page().locator('#first-comment-messages li', { hasText: 'the limit is 280' });
    await comment.waitFor();
    assert.match((await comment.textContent()) ?? '', /^X: The first comment is 281 characters/);
    await b.screenshot('compose-invalid');
    await page().getByLabel('First comment (optional)').fill('');
  });

  it('uploads an image for a post with the signed upload URL', async () => {
    // A 1×1 PNG: the service sniffs the bytes and checks them against the announced type.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
      'base64',
    );
    await page()
      .getByLabel('Or upload a file')
      .setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: png });
    const item = page().locator('.media-list li', { hasText: '/v1/media/files/' });
    await item.waitFor();
    assert.match((await item.locator('.media-kind').textContent()) ?? '', /image/);
    // The public URL serves the stored file.
    const url = (await item.locator('.media-url').textContent()) ?? '';
    const served = await fetch(url);
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('content-type'), 'image/png');
    await item.getByRole('button', { name: /Remove/ }).click();
    await item.waitFor({ state: 'detached' });
  });

  it('schedules a post to three platforms and sees it published in the calendar and the list', async () => {
    const text = `Launch day ${Date.now()}`;
    await page().getByLabel('Text', { exact: true }).fill(text);
    await page()
      .getByRole('checkbox', { name: /^Facebook Page:/ })
      .first()
      .check();
    await page()
      .getByRole('checkbox', { name: /^LinkedIn:/ })
      .check();
    // An option field generated from FacebookConfigurations: a bad link is named beside it.
    await page().getByText('Facebook Page options').click();
    await page().locator('#t1-link').fill('not a link');
    await page().locator('#t1-link-messages li', { hasText: 'must be a valid uri' }).waitFor();
    await page().locator('#t1-link').fill('');
    // LinkedIn's visibility, chosen from the values its schema allows.
    await page().getByText('LinkedIn options').click();
    await page().locator('#t2-visibility').selectOption('"CONNECTIONS"');
    await page().getByRole('radio', { name: 'Schedule' }).check();
    await page().getByLabel('Time zone').selectOption('UTC');
    // Due in a few seconds: the datetime field takes seconds too.
    const due = new Date(Date.now() + 12_000).toISOString().slice(0, 19);
    await page().getByLabel('Date and time').fill(due);
    await page()
      .getByRole('status')
      .filter({ hasText: 'Ready: every platform accepts this post.' })
      .waitFor();
    await page().locator('.target').first().waitFor();
    assert.equal(await page().locator('.target').count(), 3);
    await b.screenshot('compose');
    await page().getByRole('button', { name: 'Schedule', exact: true }).click();
    await page().waitForURL(/\/calendar$/);
    const chip = page().locator('.chip', { hasText: text });
    await chip.waitFor();
    // The calendar refreshes itself while a post is due: the chip turns published.
    await page().locator('.chip.chip-published', { hasText: text }).waitFor({ timeout: 60_000 });
    await b.screenshot('calendar-week');
    await go('/posts');
    await settled();
    const card = page().locator('.post', { hasText: text });
    await card.waitFor();
    await card.locator('.post-head .badge-published').waitFor({ timeout: 30_000 });
    assert.equal(await card.locator('tbody .badge-published').count(), 3);
    // Each row names its account after the platform; the sandbox accounts say so.
    const rows = (await card.locator('tbody tr td:first-child .account-platform').allTextContents()).sort();
    assert.deepEqual(rows, ['Facebook Page', 'LinkedIn', 'X']);
    assert.equal(await card.locator('tbody tr td:first-child .account-name:not(:empty)').count(), 3);
    assert.equal(await card.getByRole('link', { name: /View simulated post/ }).count(), 3);
    await b.screenshot('posts');

    // Edit the live text: Facebook and LinkedIn take it, X says why it can not.
    // Before saving, the form says where the edit goes and where it can not, and why.
    await card.getByRole('button', { name: 'Edit text' }).click();
    const reach = card.getByRole('list', { name: 'Where the edit goes' });
    await reach.getByText(/^Edited on Facebook Page/).waitFor();
    await reach.getByText(/^Edited on LinkedIn/).waitFor();
    await reach.getByText(/^Not edited on X .*does not let a post be changed once it is live/).waitFor();
    await card.getByLabel(/New text/).fill(`${text} (edited)`);
    await card.getByRole('button', { name: 'Save edit' }).click();
    await card.getByRole('status').filter({ hasText: '2 credits charged.' }).waitFor();
    const said = (await card.getByRole('status').textContent()) ?? '';
    assert.match(said, /X [^:]*: not edited\. X does not let a post be changed once it is live\./);
    assert.doesNotMatch(said, /edit_options|previous_post_id/);
    assert.doesNotMatch(said, /GET the post/);
    await card.locator('.edit-edited').nth(1).waitFor({ timeout: 30_000 });
    await card.locator('.post-content', { hasText: `${text} (edited)` }).waitFor();
    // After saving each account shows its own text: X keeps the one it was published with.
    const xRow = card
      .locator('tbody tr')
      .filter({ has: page().locator('.account-platform', { hasText: /^X$/ }) });
    await xRow.getByText(`Text here: ${text}`, { exact: true }).waitFor();
    await b.screenshot('posts-edited');
  });

  it('reschedules a post by dragging it to another slot of the week', async () => {
    // Next week's Wednesday 10:00 UTC, dragged to Thursday 14:00.
    const now = new Date();
    const monday = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7) + 7),
    );
    const wed = new Date(monday.getTime() + 2 * 86400_000 + 10 * 3600_000);
    const thu = new Date(monday.getTime() + 3 * 86400_000 + 14 * 3600_000);
    const accounts = (await t.request('GET', '/v1/connect/integrations?platform=twitter')).body.integrations;
    const created = await t.request('POST', '/v1/posts', {
      content: 'Move me',
      platforms: [{ platform: 'twitter', accountId: accounts[0].id }],
      scheduledFor: wed.toISOString(),
    });
    assert.equal(created.status, 202, created.text);
    const postId = created.body.postId as string;
    await go('/calendar');
    await settled();
    await page().getByRole('button', { name: /Next/ }).click();
    await settled();
    const chip = page().locator(`.chip[data-post-id="${postId}"]`);
    await chip.waitFor();
    const slot = `${thu.getUTCFullYear()}-${thu.getUTCMonth() + 1}-${thu.getUTCDate()}T14`;
    await chip.dragTo(page().locator(`td[data-slot="${slot}"]`));
    await page().getByRole('status').filter({ hasText: 'Rescheduled' }).waitFor();
    const read = await t.request('GET', `/v1/posts/${postId}`);
    assert.equal(read.body.post.scheduledFor, thu.toISOString());
    await page().locator(`td[data-slot="${slot}"] .chip[data-post-id="${postId}"]`).waitFor();
    await page().getByRole('button', { name: 'Month' }).click();
    await settled();
    await b.screenshot('calendar-month');
  });

  it('offers a Pinterest account’s boards for boardId, and says beside it that one is required', async () => {
    await go('/integrations');
    await settled();
    await page().getByRole('button', { name: 'Connect Pinterest' }).click();
    await page().waitForURL(/\/integrations\?.*platform=pinterest/);
    await go('/compose');
    await settled();
    await page().getByLabel('Text', { exact: true }).fill('A pin');
    await page()
      .getByRole('checkbox', { name: /^Pinterest:/ })
      .check();
    // The options open by themselves when one of them has a problem.
    const board = page().locator('#t0-boardId');
    await page().locator('#t0-boardId-messages li', { hasText: 'Board is required' }).waitFor();
    await board.locator('option').nth(1).waitFor({ state: 'attached' });
    const boards = await t.request('GET', `/v1/pinterest/boards?accountId=${await pinterestId()}`);
    assert.ok(boards.body.boards.length > 0);
    await board.selectOption(boards.body.boards[0].id);
    await page().locator('#t0-boardId-messages li').waitFor({ state: 'detached' });
    await b.screenshot('compose-pinterest');
  });

  it('lists the webhook deliveries and redelivers one; charts the credits by month', async () => {
    await until(() => hooks.received.some((r) => r.body?.type === 'post.published'), 20_000);
    await go('/notifications');
    await settled();
    await page().getByRole('button', { name: 'Show delivery log' }).click();
    await settled();
    const rows = page().locator('.deliveries tbody tr');
    await rows.first().waitFor();
    const before = hooks.received.length;
    // A delivery still being tried offers no Redeliver: take the first finished one.
    await rows
      .filter({ has: page().getByRole('button', { name: /Redeliver/ }) })
      .first()
      .getByRole('button', { name: /Redeliver/ })
      .click();
    await page().getByText('Redelivery queued.').waitFor();
    await until(() => hooks.received.length > before, 20_000);
    await b.screenshot('notifications');
    await go('/usage');
    await settled();
    await page().locator('.bar-part').first().waitFor();
    // Credits: three targets published, two of them edited after publishing, one scheduled.
    const total = await page().locator('.usage-table tbody tr td').last().textContent();
    assert.equal(total?.trim(), '6');
    await b.screenshot('usage');
  });

  it('opens a scheduled post from the calendar to edit it, then cancels it', async () => {
    const scheduled = await t.request('GET', '/v1/posts?status=scheduled');
    const post = scheduled.body.posts.find((p: { content: string }) => p.content === 'Move me');
    assert.ok(post, scheduled.text);
    await go('/calendar');
    await settled();
    await page().getByRole('button', { name: 'Week' }).click();
    await page().getByRole('button', { name: /Next/ }).click();
    await settled();
    await page().locator(`.chip[data-post-id="${post.postId}"]`).click();
    const dialog = page().getByRole('dialog');
    await dialog.getByRole('button', { name: 'Edit' }).click();
    await page().waitForURL(/\/compose\?edit=/);
    await settled();
    const text = page().getByLabel('Text', { exact: true });
    assert.equal(await text.inputValue(), 'Move me');
    await text.fill('Moved and edited');
    await page()
      .getByRole('status')
      .filter({ hasText: 'Ready: every platform accepts this post.' })
      .waitFor();
    await page().getByRole('button', { name: 'Save changes' }).click();
    await page().waitForURL(/\/calendar$/);
    const edited = await t.request('GET', `/v1/posts/${post.postId}`);
    assert.equal(edited.body.post.content, 'Moved and edited');
    assert.equal(edited.body.post.scheduledFor, post.scheduledFor);
    await page().getByRole('button', { name: /Next/ }).click();
    await settled();
    await page().locator(`.chip[data-post-id="${post.postId}"]`).click();
    page().once('dialog', (confirm) => confirm.accept());
    await page().getByRole('dialog').getByRole('button', { name: 'Cancel schedule' }).click();
    await until(
      async () => (await t.request('GET', `/v1/posts/${post.postId}`)).body.post.status === 'draft',
    );
  });

  it('works at phone width: every page fits without sideways scrolling', async () => {
    await page().setViewportSize(PHONE);
    for (const [path, name] of [
      ['/posts', 'posts'],
      ['/compose', 'compose'],
      ['/calendar', 'calendar-week'],
      ['/integrations', 'integrations'],
      ['/notifications', 'notifications'],
      ['/usage', 'usage'],
    ] as const) {
      await go(path);
      await settled();
      await b.screenshot(name);
      // Browser-side expressions are strings: this file is type-checked without the DOM's types.
      const wide = await page().evaluate<string[]>(WIDER_THAN_SCREEN);
      const overflow = await page().evaluate<number>(
        'document.documentElement.scrollWidth - window.innerWidth',
      );
      assert.ok(overflow <= 0, `${path} is ${overflow}px wider than the phone: ${wide.join(', ')}`);
    }
    await page().getByRole('button', { name: 'Sign out' }).click();
    await page().getByLabel('Access key').waitFor();
    assert.equal(await page().evaluate<number>('sessionStorage.length'), 0);
    await b.screenshot('signin');
    await page().setViewportSize(DESKTOP);
  });
});
