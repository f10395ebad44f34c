/**
 * The dashboard as a social media manager meets it, in Chromium against the service
 * and the simulator: opened at the address the start log prints (127.0.0.1) while
 * PUBLIC_URL keeps its default (localhost), with three LinkedIn pages and an X account
 * on the sandbox. Uploads work, the assets come compressed and paint fast, every outcome
 * names its account and says sandbox, failures read as one sentence, the per-platform
 * text has its counter, each post state offers its actions, a revoked account shows up
 * without a failed post, and the phone width shows everything.
 */
import assert from 'node:assert/strict';
import { availableParallelism, loadavg } from 'node:os';
import { after, before, describe, it } from 'node:test';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { insertIntegration } from '../fake-adapter.ts';
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

const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
  'base64',
);

/** The elements that stick out past the right edge of the screen (scrolling areas excepted). */
const WIDER_THAN_SCREEN = `[...document.querySelectorAll('body *')]
  .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 && !e.closest('.week, .scroll-x'))
  .map((e) => e.tagName.toLowerCase() + '.' + e.className)
  .slice(0, 5)`;

describe('dashboard as a social media manager uses it', { skip: browserSkip() }, () => {
  let t: TestService;
  let sim: Simulator;
  let b: Browser;
  let hooks: Receiver;
  let base: string;
  let x: string;
  let pin: string;
  /** The day of the post scheduled for later (YYYY-MM-DD, UTC like the browser). */
  let laterDay = '';
  const pages: Record<string, string> = {};
  before(async () => {
    ensureDashboardBuilt();
    sim = await startSimulator();
    // The receiver refuses every delivery: "Send test" must say so.
    hooks = await startReceiver(() => ({ status: 500 }));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await startTestService('sqlite', {
      listen: true,
      // No PUBLIC_URL: its default names localhost, the page is opened at 127.0.0.1.
      settings: {
        PORT: String(port),
        HOST: '127.0.0.1',
        SIMULATOR_URL: sim.url,
        OUTBOUND_ALLOWLIST: '127.0.0.1',
        JOBS_POLL_MS: '20',
        NOTIFICATION_POLL_MS: '50',
        PUBLISH_WAIT_MS: '15000',
      },
    });
    assert.equal(t.ctx.config.PUBLIC_URL, `http://localhost:${port}`);
    sim.addAccount('twitter', { id: '1500000000000000988', username: 'acmesocial', name: 'Acme Social' });
    const token = sim.state.issueToken({
      platform: 'twitter',
      kind: 'access',
      clientId: 'sim-twitter-client',
      accountId: '1500000000000000988',
      scopes: [],
      expiresAt: null,
      grantId: 'dash-manager-x',
    }).value;
    x = await insertIntegration(t.ctx, t.projectId, 'twitter', {
      token,
      platformUserId: '1500000000000000988',
    });
    await t.ctx.store.db
      .updateTable('integrations')
      .set({ display_name: 'Acme Social', username: 'acmesocial' })
      .where('id', '=', x)
      .execute();
    sim.addAccount('pinterest', {
      id: '990000000000000777',
      username: 'acmepins',
      name: 'Acme Pins',
      boards: [{ id: '990000000000000001', name: 'Launches', description: '', privacy: 'PUBLIC' }],
    });
    pin = await insertIntegration(t.ctx, t.projectId, 'pinterest', {
      token: sim.state.issueToken({
        platform: 'pinterest',
        kind: 'access',
        clientId: 'sim-pinterest-client',
        accountId: '990000000000000777',
        scopes: [],
        expiresAt: null,
        grantId: 'dash-manager-pin',
      }).value,
      platformUserId: '990000000000000777',
    });
    await t.ctx.store.db
      .updateTable('integrations')
      .set({ display_name: 'Acme Pins', username: 'acmepins' })
      .where('id', '=', pin)
      .execute();
    // Three LinkedIn pages whose tokens the platform no longer takes.
    for (const name of ['Acme Corp', 'Acme Labs', 'Acme Jobs']) {
      const id = await insertIntegration(t.ctx, t.projectId, 'linkedin', {
        token: `revoked-${name}`,
        platformUserId: `urn-${name.replace(' ', '')}`,
        metadata: { type: 'organization' },
      });
      await t.ctx.store.db
        .updateTable('integrations')
        .set({ display_name: name, username: name.toLowerCase().replace(' ', '-') })
        .where('id', '=', id)
        .execute();
      pages[name] = id;
    }
    b = await openBrowser();
  });
  after(async () => {
    await b?.close();
    await t?.close();
    await hooks?.close();
    await sim?.close();
  });

  const page = () => b.page;
  const go = async (path: string) => {
    await page().goto(`${base}${path}`);
    await page().locator('#page-title').waitFor();
    await page().locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  };

  it('signs in and uploads a file at 127.0.0.1 while PUBLIC_URL names localhost; shows its preview', async () => {
    await page().goto(base);
    await page().getByLabel('Access key').fill(t.accessKey);
    await page().getByRole('button', { name: 'Sign in' }).click();
    await page().getByTestId('project').filter({ hasText: 'Project: test' }).waitFor();
    await go('/compose');
    // Nothing typed yet: no message about empty text.
    await page().getByRole('checkbox', { name: /^X:/ }).check();
    await page()
      .getByRole('status')
      .filter({ hasText: /Ready|Fix the problems|Write/ })
      .waitFor();
    assert.equal(await page().locator('#content-messages li').count(), 0, 'no error before typing');
    await page()
      .getByLabel('Or upload a file')
      .setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL });
    const item = page().locator('.media-list li', { hasText: '/v1/media/files/' });
    await item.waitFor();
    // The preview shows the picture (the page's CSP lets it load).
    const img = page().locator('.pv-image img').first();
    await img.waitFor();
    await img.scrollIntoViewIfNeeded();
    await until(
      async () =>
        (await page().evaluate<number>("document.querySelector('.pv-image img')?.naturalWidth ?? 0")) > 0,
    );
    assert.equal(await page().title(), 'Compose — Social Publishing');
    await b.screenshot('manager-compose-upload');
  });

  it('words Compose for people: counters on per-platform text, options that stay open, labelled fields, X thread and poll', async () => {
    await page().getByLabel('Text', { exact: true }).fill('Hello from Acme');
    const card = page().locator('section.target[data-platform="twitter"]');
    await card.getByText('Different text for X').click();
    await card.getByRole('textbox', { name: 'Text for X' }).fill('Only for X');
    await card.locator('.counter', { hasText: 'X 10/280' }).waitFor();
    // The sandbox is said where the account is chosen and on its card.
    await page().locator('.account-choice', { hasText: 'Acme Social' }).locator('.badge-sandbox').waitFor();
    await card.locator('.badge-sandbox').first().waitFor();
    await card.getByText('X options').click();
    // The thread: real inputs, added and removed.
    await card.getByRole('button', { name: 'Add a thread post' }).click();
    await card.getByLabel('Thread post 1').fill('Second tweet of the thread');
    await card.getByRole('button', { name: 'Add a thread post' }).click();
    await card.getByLabel('Thread post 2').fill('Third');
    await card.getByRole('button', { name: 'Remove thread post 2' }).click();
    assert.equal(await card.getByLabel(/^Thread post \d/).count(), 1);
    // The poll: options and a duration. X takes no poll with a thread: said beside it, in words.
    await card.getByRole('button', { name: 'Add a poll' }).click();
    await card.getByLabel('Poll option 1').fill('Yes');
    await card.getByLabel('Poll option 2').fill('No');
    await card.getByLabel('Poll duration (minutes)').fill('60');
    assert.equal(await card.locator('textarea[id$="-threadItems"], textarea[id$="-poll"]').count(), 0);
    const pollMessage = card.locator('[id$="-poll-messages"] li').first();
    await pollMessage.waitFor();
    assert.doesNotMatch((await pollMessage.textContent()) ?? '', /platformSpecificData/);
    await card.getByRole('button', { name: 'Remove the poll' }).click();
    // A reply setting fixed after its error stays in an open panel.
    await card.getByLabel('Reply to post ID').fill(' ');
    await card.getByLabel('Reply to post ID').fill('');
    assert.equal(await card.locator('details').getAttribute('open'), '');
    await page()
      .getByRole('status')
      .filter({ hasText: 'Ready: every platform accepts this post.' })
      .waitFor();
    // Labels from a map, not the API's names.
    assert.equal(await card.getByText('Is Aigc').count(), 0);
    await b.screenshot('manager-compose-x');
    await page().getByRole('button', { name: 'Publish now' }).click();
    await page().waitForURL(/\/posts$/);
  });

  it('keeps Pinterest’s options open once the board is chosen; its Title is labelled', async () => {
    await go('/compose');
    await page().getByLabel('Text', { exact: true }).fill('A pin');
    await page()
      .getByRole('checkbox', { name: /^Pinterest:/ })
      .check();
    const card = page().locator('section.target[data-platform="pinterest"]');
    // The options open by themselves with the problem, in words: not platformSpecificData.boardId.
    const message = card.locator('[id$="-boardId-messages"] li', { hasText: 'Board is required' });
    await message.waitFor();
    const board = card.getByLabel('Board (required)');
    await board.locator('option', { hasText: 'Launches' }).waitFor({ state: 'attached' });
    await board.selectOption({ label: 'Launches' });
    await message.waitFor({ state: 'detached' });
    // Fixed: the panel stays open, the person is still working in it.
    await page().waitForTimeout(500);
    assert.equal(await card.locator('details').getAttribute('open'), '');
    // The Title field has its own id: its label names it and focuses it.
    await card.getByText('Title', { exact: true }).click();
    const title = await card.getByRole('textbox', { name: 'Title' }).getAttribute('id');
    assert.equal(await page().evaluate<string>('document.activeElement?.id'), title);
    assert.equal(await page().locator(`[id="${title}"]`).count(), 1, 'one element has the Title field’s id');
    assert.equal(await card.getByText('From GET /v1/pinterest/boards').count(), 0);
    // A time in the past is said as a local time, not as the API's field and instant.
    await page().getByRole('radio', { name: 'Schedule' }).check();
    await page().getByLabel('Time zone').selectOption('UTC');
    await page().getByLabel('Date and time').fill('2020-01-06T10:00');
    const past = page().locator('#scheduled-for-messages li', { hasText: 'is in the past' });
    await past.waitFor();
    assert.doesNotMatch((await past.textContent()) ?? '', /scheduledFor|\d{2}:\d{2}:\d{2}|Z\b/);
    await b.screenshot('manager-compose-pinterest');
    await page()
      .getByRole('checkbox', { name: /^Pinterest:/ })
      .uncheck();
  });

  it('names the account on every outcome, says sandbox, and words failures as one sentence', async () => {
    const created = await t.request('POST', '/v1/posts', {
      content: 'To all three pages',
      platforms: Object.values(pages).map((accountId) => ({ platform: 'linkedin', accountId })),
      publishNow: true,
    });
    assert.equal(created.body.status, 'failed', created.text);
    const read = await t.request('GET', `/v1/posts/${created.body.postId}`);
    const reason = read.body.post.platforms[0].errorMessage as string;
    // The API's own message: the platform's name, the account, what to do; once.
    assert.match(reason, /^LinkedIn account “Acme Corp” needs reconnecting/);
    assert.doesNotMatch(reason, /int_|GET \/v1|needs reconnecting.*needs reconnecting/);
    await go('/posts');
    const failed = page().locator('li.post', { hasText: 'To all three pages' });
    for (const name of ['Acme Corp', 'Acme Labs', 'Acme Jobs'])
      await failed.locator('tbody tr', { hasText: name }).waitFor();
    await failed.getByRole('button', { name: /Retry all failed/ }).click();
    const said = failed.getByRole('status');
    await said.filter({ hasText: 'Reconnect LinkedIn — Acme Corp' }).waitFor();
    assert.doesNotMatch((await said.textContent()) ?? '', /int_|GET \/v1/);
    const published = page().locator('li.post', { hasText: 'Hello from Acme' });
    await published.locator('.post-head .badge-published').waitFor({ timeout: 30_000 });
    const row = published.locator('tbody tr', { hasText: 'Acme Social' });
    await row.locator('.badge-sandbox').waitFor();
    await row.getByRole('link', { name: /View simulated post/ }).waitFor();
    assert.equal(
      await page()
        .getByRole('link', { name: /View live post/ })
        .count(),
      0,
    );
    assert.equal(await page().title(), 'Posts — Social Publishing');
    await b.screenshot('manager-posts');
  });

  it('offers the actions of each state: a draft is scheduled or queued, a scheduled post cancelled only when confirmed', async () => {
    const draft = await t.request('POST', '/v1/posts', {
      content: 'A draft to finish',
      platforms: [{ platform: 'twitter', accountId: x }],
      draft: true,
    });
    assert.equal(draft.body.status, 'draft', draft.text);
    const later = new Date(Date.now() + 3 * 86400_000).toISOString();
    laterDay = later.slice(0, 10);
    const scheduled = await t.request('POST', '/v1/posts', {
      content: 'Scheduled for later',
      platforms: [{ platform: 'twitter', accountId: x }],
      scheduledFor: later,
    });
    assert.equal(scheduled.status, 202, scheduled.text);
    await go('/posts');
    const d = page().locator('li.post', { hasText: 'A draft to finish' });
    for (const name of ['Edit and schedule', 'Add to queue', 'Delete'])
      await d.getByRole('button', { name, exact: true }).waitFor();
    const s = page().locator('li.post', { hasText: 'Scheduled for later' });
    for (const name of ['Edit', 'Reschedule', 'Cancel schedule'])
      await s.getByRole('button', { name, exact: true }).waitFor();
    // Declining the confirmation keeps the schedule.
    page().once('dialog', (dialog) => dialog.dismiss());
    await s.getByRole('button', { name: 'Cancel schedule' }).click();
    const still = await t.request('GET', `/v1/posts/${scheduled.body.postId}`);
    assert.equal(still.body.post.status, 'scheduled');
    const p = page().locator('li.post', { hasText: 'Hello from Acme' });
    await p.getByRole('link', { name: /View simulated post/ }).waitFor();
    await p.getByRole('button', { name: 'Delete', exact: true }).waitFor();
  });

  it('shows an account whose access was revoked as needing reconnection without a failed post', async () => {
    await go('/integrations');
    const card = page().locator('.integration', { hasText: 'Acme Social' });
    await card.getByText('connected', { exact: true }).waitFor();
    await card.locator('.badge-sandbox').waitFor();
    await t.ctx.store.db
      .updateTable('integrations')
      .set({ auth_status: 'needs_reconnect', auth_failure_reason: 'token_revoked' })
      .where('id', '=', x)
      .execute();
    // Coming back to the page asks again.
    await page().evaluate('window.dispatchEvent(new Event("focus"))');
    await card.getByText('needs reconnecting').waitFor();
    await card.getByRole('button', { name: 'Reconnect X — Acme Social' }).waitFor();
    assert.equal(await page().title(), 'Accounts — Social Publishing');
    await b.screenshot('manager-accounts');
    // Compose says it too, with the way to fix it.
    await go('/compose');
    await page()
      .locator('.account-choice', { hasText: 'Acme Social' })
      .getByText('needs reconnecting')
      .waitFor();
    await page().getByRole('link', { name: 'Reconnect X — Acme Social' }).waitFor();
    await t.ctx.store.db
      .updateTable('integrations')
      .set({ auth_status: 'active', auth_failure_reason: null })
      .where('id', '=', x)
      .execute();
  });

  it('says what the receiver answered to a test and offers Redeliver only on finished deliveries', async () => {
    await go('/notifications');
    await page().getByLabel('Webhook URL').fill(hooks.url);
    await page().getByRole('button', { name: 'Subscribe' }).click();
    await page().locator('.sub-url', { hasText: hooks.url }).waitFor();
    await page().getByRole('button', { name: 'Send test' }).click();
    const said = page().locator('.sub .action-message');
    await said.filter({ hasText: /500/ }).waitFor();
    assert.doesNotMatch((await said.textContent()) ?? '', /^Test sent\.$/);
    // A post's event, refused by the receiver and still being tried: named by its account, no Redeliver yet.
    const scheduled = await t.request('POST', '/v1/posts', {
      content: 'Tell the webhook',
      platforms: [{ platform: 'twitter', accountId: x }],
      scheduledFor: new Date(Date.now() + 5 * 86400_000).toISOString(),
    });
    assert.equal(scheduled.status, 202, scheduled.text);
    await until(() => hooks.received.some((r) => r.body?.type === 'post.scheduled'), 20_000);
    await page().getByRole('button', { name: 'Show delivery log' }).click();
    const row = page().locator('.deliveries tbody tr', { hasText: 'Tell the webhook' });
    await row.locator('.account-name', { hasText: 'Acme Social' }).waitFor();
    await row.getByText('Next try').waitFor();
    assert.equal(await row.getByRole('button', { name: /Redeliver/ }).count(), 0);
    await b.screenshot('manager-notifications');
  });

  it('keeps the calendar view in the URL', async () => {
    await go('/calendar');
    await page().getByRole('button', { name: 'Month' }).click();
    await page().waitForURL(/view=month/);
    await page().reload();
    await page().locator('.month-grid').waitFor();
    assert.equal(await page().title(), 'Calendar — Social Publishing');
  });

  it('fits a phone: usage without sideways scrolling, every page in reach, readable calendar chips', async () => {
    // An analytics credit spent: the usage table's columns still add up to its total.
    const analytics = await t.request('GET', '/v1/analytics');
    assert.equal(analytics.status, 200, analytics.text);
    await page().setViewportSize(PHONE);
    try {
      await go('/usage');
      await page().locator('.usage-table thead th', { hasText: 'Analytics' }).waitFor();
      await b.screenshot('manager-usage');
      for (const row of await page().locator('.usage-table tbody tr').all()) {
        const cells = (await row.locator('td').allTextContents()).map(Number);
        const total = cells.pop();
        assert.equal(
          cells.reduce((a, b) => a + b, 0),
          total,
          `the columns add up: ${cells.join(' + ')}`,
        );
      }
      for (const path of ['/usage', '/posts', '/compose', '/integrations', '/notifications', '/calendar']) {
        await go(path);
        const wide = await page().evaluate<string[]>(WIDER_THAN_SCREEN);
        const overflow = await page().evaluate<number>(
          'document.documentElement.scrollWidth - window.innerWidth',
        );
        assert.ok(overflow <= 0, `${path} is ${overflow}px wider than the phone: ${wide.join(', ')}`);
      }
      // Every page of the menu is on screen once the phone's menu is opened.
      await page().getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Menu/ }).click();
      for (const name of ['Notifications', 'Usage']) {
        const link = page().getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
        const box = await link.boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, `${name} is off screen`);
      }
      await go(`/calendar?date=${laterDay}`);
      const chip = page().locator('.chip', { hasText: 'Scheduled for later' });
      await chip.waitFor();
      const shown = (await chip.locator('.chip-text').boundingBox())?.width ?? 0;
      // The chip's name starts with what it shows (axe's label-content-name-mismatch).
      const seen = `${await chip.locator('.chip-time').textContent()} ${await chip.locator('.chip-text').textContent()}`;
      await page().getByRole('button', { name: seen }).first().waitFor();
      assert.ok(shown >= 60, `the chip's text is ${shown}px wide`);
      await b.screenshot('manager-calendar');
    } finally {
      await page().setViewportSize(DESKTOP);
    }
  });

  it('serves compressed, long-cached assets and measures the first contentful paint', async () => {
    const cold = await openBrowser();
    try {
      const answers = new Map<string, Record<string, string>>();
      cold.page.on('response', (r) => answers.set(new URL(r.url()).pathname, r.headers()));
      await cold.page.goto(base);
      await cold.page.getByLabel('Access key').waitFor();
      const fcp = await cold.page.evaluate<number>(
        "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1",
      );
      // Printed with the machine's load, not held to a time: a test on a shared machine that
      // fails on a busy minute says nothing of the page (the target is 1 s, on a quiet machine).
      const load = loadavg()[0] ?? 0;
      console.log(
        `first contentful paint, cold load at loopback: ${Math.round(fcp)} ms (load ${load.toFixed(1)} on ${availableParallelism()} cores)`,
      );
      assert.ok(fcp > 0, 'the browser reported a first contentful paint');
      const script = [...answers].find(([p]) => /^\/assets\/.*\.js$/.test(p));
      assert.ok(script, 'the script was loaded');
      assert.equal(script[1]['content-encoding'], 'br');
      assert.match(script[1].vary ?? '', /accept-encoding/i);
      assert.match(script[1]['cache-control'] ?? '', /immutable/);
      assert.match(answers.get('/')?.['cache-control'] ?? '', /no-cache/);
    } finally {
      await cold.close();
    }
  });
});
