/**
 * The analytics history in the dashboard, in a real browser (Debian's Chromium),
 * at desktop and phone width, against the service and the simulator on loopback:
 * three posts published to X and one to Bluesky, a collection run an hour later,
 * then the Analytics page's summary against the previous period, an account's
 * followers over time, the best hours as a heat map table (X ranked from its own
 * posts, Bluesky saying there are too few and showing the defaults), a post's first
 * 30 days, the CSV download, the printable report (and what print media hides);
 * Usage's platform spend and a cap set through its form; and the Queue page's
 * "use suggested times", saved only once confirmed. Screenshots go to
 * test-output/screenshots (insight-*-desktop.png and -phone.png).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { collectNow } from '../../src/domain/analytics-history/collect-job.ts';
import type { Platform } from '../../src/platforms/names.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
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

const ACCOUNTS: Partial<Record<Platform, { user: string; followers: number }>> = {
  twitter: { user: '1500000000000000001', followers: 1200 },
  bluesky: { user: 'did:plc:simbluesky000000000001', followers: 10 },
};
const HOUR = 3_600_000;

describe('dashboard analytics history in Chromium', { skip: browserSkip() }, () => {
  let t: TestService;
  let sim: Simulator;
  let b: Browser;
  let base: string;
  let offsetMs = 0;
  let firstPost = '';
  const accounts: Partial<Record<Platform, string>> = {};

  before(async () => {
    ensureDashboardBuilt();
    sim = await startSimulator({ contracts: true });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await startTestService('sqlite', {
      listen: true,
      settings: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        SIMULATOR_URL: sim.url,
        JOBS_POLL_MS: '20',
        PUBLISH_WAIT_MS: '15000',
      },
    });
    t.ctx.now = () => new Date(Date.now() + offsetMs);
    for (const [platform, who] of Object.entries(ACCOUNTS) as [Platform, { user: string }][]) {
      const token = sim.state.issueToken({
        platform,
        kind: 'access',
        clientId: `sim-${platform}-client`,
        accountId: who.user,
        scopes: [],
        expiresAt: null,
        grantId: `insight-${platform}`,
      }).value;
      accounts[platform] = await insertIntegration(t.ctx, t.projectId, platform, {
        token,
        platformUserId: who.user,
      });
    }
    // Three posts on X in one hour (enough to rank that hour), one of them on Bluesky too.
    for (const i of [1, 2, 3]) {
      const res = await t.request('POST', '/v1/posts', {
        content: `Insight post ${i}`,
        platforms: [
          { platform: 'twitter', accountId: accounts.twitter },
          ...(i === 1 ? [{ platform: 'bluesky', accountId: accounts.bluesky }] : []),
        ],
        publishNow: true,
      });
      assert.equal(res.body.status, 'published', res.text);
      if (i === 1) firstPost = res.body.postId;
    }
    offsetMs += HOUR + 60_000;
    const r = await collectNow(t.ctx, { projectId: t.projectId });
    assert.equal(r.collected, 2, JSON.stringify(r));
    assert.equal(r.targets, 4, JSON.stringify(r));
    b = await openBrowser();
    await b.page.goto(base);
    await b.page.getByLabel('Access key').fill(t.accessKey);
    await b.page.getByRole('button', { name: 'Sign in' }).click();
    await b.page.getByTestId('project').waitFor();
  });
  after(async () => {
    await b?.close();
    await t?.close();
    await sim?.close();
  });

  const page = () => b.page;
  const settled = () => page().locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  const go = async (path: string) => {
    await page().goto(`${base}${path}`);
    await page().locator('#page-title').waitFor();
    await settled();
  };
  const noAxeViolation = async (where: string) =>
    assert.deepEqual(await seriousAxeViolations(page()), [], where);
  const fitsThePhone = async (where: string) => {
    if ((page().viewportSize()?.width ?? 0) > PHONE.width) return;
    const overflow = await page().evaluate<number>(
      'document.documentElement.scrollWidth - window.innerWidth',
    );
    assert.ok(overflow <= 0, `${where} is ${overflow}px wider than the phone`);
  };

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    describe(`at ${size} width`, () => {
      before(() => page().setViewportSize(viewport));

      it('shows the summary, followers over time and the best hours, with too few posts said plainly', async () => {
        await go('/analytics');
        const platforms = page().getByTestId('summary-platforms');
        const xRow = platforms.getByRole('row', { name: /^X / });
        await xRow.waitFor();
        // Followers 1,200; three posts in the period, none in the one before.
        assert.match((await xRow.textContent()) ?? '', /1,200/);
        assert.match((await xRow.textContent()) ?? '', /3\s*\+3 \(none before\)/);
        await page().getByTestId('top-posts').getByRole('listitem').first().waitFor();
        // X's followers: one day, 1,200, in the figures table.
        await page()
          .locator('.an-account-choice select')
          .selectOption(accounts.twitter as string);
        const chart = page().getByTestId('followers-chart');
        await chart.getByRole('img', { name: /^Followers of X:/ }).waitFor();
        await chart.getByText('Figures of').click();
        await chart.getByRole('cell', { name: '1,200' }).waitFor();
        const best = page().getByTestId('best-times');
        await best.getByText(/Ranked by the engagement rate of 3 published posts/).waitFor();
        const cell = best.locator('td', { hasText: '#1' });
        assert.match((await cell.textContent()) ?? '', /#1 \d+\.\d %\s*3 posts/);
        await b.screenshot('insight-analytics');
        await fitsThePhone('Analytics');
        await noAxeViolation('Analytics');

        await page()
          .locator('.an-account-choice select')
          .selectOption(accounts.bluesky as string);
        await best.getByText(/^Default hours, not measured\. Too few posts to say/).waitFor();
        await best.locator('td', { hasText: '#1 default' }).waitFor();
        await chart.getByRole('img', { name: /^Followers of Bluesky:/ }).waitFor();
        await b.screenshot('insight-analytics-too-few');
        await noAxeViolation('Analytics, too few posts');
      });

      it("shows a post's first snapshots as charts and a table", async () => {
        await go(`/analytics?post=${firstPost}`);
        const history = page().getByTestId('post-history');
        await history.getByRole('heading', { name: /^X \(published/ }).waitFor();
        await history.getByRole('heading', { name: /^Bluesky \(published/ }).waitFor();
        await history.getByRole('img', { name: 'Engagement on X by age' }).waitFor();
        await history.getByRole('rowheader', { name: '1 h' }).first().waitFor();
        await b.screenshot('insight-post');
        await fitsThePhone('A post');
        await noAxeViolation('A post');
      });

      it('downloads the CSV export, signed in with an access key', async () => {
        await go('/analytics');
        const [download] = await Promise.all([
          page().waitForEvent('download'),
          page().getByTestId('export-link').click(),
        ]);
        const lines = readFileSync(await download.path(), 'utf8')
          .trim()
          .split('\n');
        assert.equal(lines[0]?.split(',')[0], 'post_id');
        assert.equal(lines.length, 1 + 4, 'one row per target and snapshot');
      });

      it('opens the printable report; print media hides the navigation and buttons', async () => {
        await go('/analytics');
        await page().getByRole('link', { name: 'Printable report of this period' }).click();
        await page().waitForURL(/\/analytics\/report\?/);
        await settled();
        await page().getByRole('heading', { name: 'Analytics report' }).waitFor();
        await page().getByText('Every account', { exact: true }).waitFor();
        assert.equal(
          await page()
            .getByRole('img', { name: /^Followers of / })
            .count(),
          2,
        );
        assert.equal(await page().getByTestId('best-times').count(), 2);
        await b.screenshot('insight-report');
        await noAxeViolation('Report');
        await page().emulateMedia({ media: 'print' });
        assert.equal(await page().locator('.mainnav').isVisible(), false);
        assert.equal(await page().getByRole('button', { name: 'Print or save as PDF' }).isVisible(), false);
        // The charts' figures are printed open.
        await page().getByRole('cell', { name: '1,200' }).first().waitFor();
        await b.screenshot('insight-report-print');
        await page().emulateMedia({ media: 'screen' });
      });

      it("shows X's spend and sets a cap through the form", async () => {
        await go('/usage');
        const table = page().getByTestId('spend-table');
        await table.getByRole('columnheader', { name: 'X' }).waitFor();
        const usage = (await t.request('GET', '/v1/usage')).body;
        const spent = usage.platformSpend.reduce((n: number, s: { amount: number }) => n + s.amount, 0);
        assert.ok(spent > 0, 'X charged for the posts');
        const cap = size === 'desktop' ? '5' : '7.5';
        await page()
          .getByLabel(/^X cap/)
          .fill(cap);
        await page().getByRole('button', { name: 'Save caps' }).click();
        await page().getByRole('status').filter({ hasText: 'Caps saved.' }).waitFor();
        assert.deepEqual((await t.request('GET', '/v1/usage/caps')).body.caps, {
          twitter: { monthly: Number(cap), currency: 'USD' },
        });
        await page()
          .getByText(/of US\$|of \$/)
          .first()
          .waitFor();
        await b.screenshot('insight-usage');
        await fitsThePhone('Usage');
        await noAxeViolation('Usage');
      });

      it('uses the suggested times on the Queue page once confirmed', async () => {
        await t.request('PUT', '/v1/queue', { timezone: 'UTC', slots: [{ day: 'sunday', time: '20:00' }] });
        await go('/queue');
        const box = page().getByTestId('suggested-times');
        await box.getByRole('button', { name: 'Use suggested times' }).click();
        await box.getByText(/Ranked by the engagement rate/).waitFor();
        const first = (await box.locator('li').first().textContent()) ?? '';
        assert.match(first, /engagement over [34] posts/);
        // Nothing is saved before the person confirms.
        assert.deepEqual((await t.request('GET', '/v1/queue')).body.queue.slots, [
          { day: 'sunday', time: '20:00' },
        ]);
        await b.screenshot('insight-queue-suggested');
        await noAxeViolation('Queue with suggestions');
        await box.getByRole('button', { name: 'Replace the slots' }).click();
        await box
          .getByRole('status')
          .filter({ hasText: "Suggested times saved as the queue's slots." })
          .waitFor();
        const suggested = (await t.request('GET', '/v1/queue/suggested-slots?count=7')).body;
        const saved = (await t.request('GET', '/v1/queue')).body.queue;
        assert.deepEqual(
          saved.slots,
          suggested.slots.map((s: { day: string; time: string }) => ({ day: s.day, time: s.time })),
        );
        // The grid above shows the saved slots.
        const [slot] = suggested.slots as { day: string; time: string }[];
        const day = `${slot?.day.charAt(0).toUpperCase()}${slot?.day.slice(1)}`;
        assert.equal(
          await page()
            .getByRole('checkbox', { name: `${day} ${slot?.time}` })
            .isChecked(),
          true,
        );
        await fitsThePhone('Queue');
      });
    });
  }
});
