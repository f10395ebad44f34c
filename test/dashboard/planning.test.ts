/**
 * The planning layer of the dashboard in a real browser (Debian's Chromium), against
 * the service on loopback, as a person uses it, at desktop and at phone width: save a
 * draft and see its problems as hints, find it in Drafts, edit and schedule it; set a
 * profile's queue on the weekly grid, see the slot "Add to queue" will take (and why it
 * can not when the accounts span profiles or the queue has no slots), confirm, and find
 * the post at that slot in the calendar; repeat a post weekly with a variant, see it
 * marked as a series in the calendar and the list, pause it and end it. Screenshots go
 * to test-output/screenshots (planning-*-desktop.png and -phone.png).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from '../harness.ts';
import { addIntegration } from '../posts-fixtures.ts';
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

/** The elements that stick out past the right edge of the screen (scrolling areas excepted). */
const WIDER_THAN_SCREEN = `[...document.querySelectorAll('body *')]
  .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5
    && !e.closest('.week, .mainnav, .slot-grid-scroll'))
  .map((e) => e.tagName.toLowerCase() + '.' + e.className)
  .slice(0, 5)`;

const DAY = 86400_000;
/** The calendar's week cell of an instant (the browser runs in UTC). */
const weekCell = (iso: string) => {
  const d = new Date(iso);
  return `${d.getUTCFullYear()}-${d.getUTCMonth() + 1}-${d.getUTCDate()}T${d.getUTCHours()}`;
};
/** A wall-clock time days ahead, for the datetime field (UTC, the zone chosen in the form). */
const daysAhead = (days: number, time: string) =>
  `${new Date(Date.now() + days * DAY).toISOString().slice(0, 10)}T${time}`;

describe('dashboard planning in Chromium', { skip: browserSkip() }, () => {
  let t: TestService;
  let b: Browser;
  let base: string;
  let profileId: string;
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
        // Nothing here is published: every post is in the future.
        SIMULATOR_URL: 'http://127.0.0.1:9',
        JOBS_POLL_MS: '50',
        PUBLISH_WAIT_MS: '0',
        MONTHLY_CREDITS: '1000',
      },
    });
    // X and Bluesky in the profile "Brand A", LinkedIn without a profile.
    profileId = (await t.request('POST', '/v1/profiles', { name: 'Brand A' })).body.profile.id;
    await addIntegration(t.ctx, t.projectId, 'twitter', { profileId });
    await addIntegration(t.ctx, t.projectId, 'bluesky', { profileId });
    await addIntegration(t.ctx, t.projectId, 'linkedin');
    b = await openBrowser();
  });
  after(async () => {
    await b?.close();
    await t?.close();
  });

  const page = () => b.page;
  const go = async (path: string) => {
    await page().goto(`${base}${path}`);
    await page().locator('#page-title').waitFor();
  };
  /** Every placeholder is gone (no loading in progress). */
  const settled = () => page().locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  const text = () => page().getByLabel('Text', { exact: true });
  const ready = () =>
    page().getByRole('status').filter({ hasText: 'Ready: every platform accepts this post.' }).waitFor();
  const postsWith = async (content: string) =>
    (await t.request('GET', '/v1/posts?limit=100')).body.posts.filter(
      (p: { content: string }) => p.content === content,
    );
  const fitsThePhone = async (where: string) => {
    if ((page().viewportSize()?.width ?? 0) > PHONE.width) return;
    // Browser-side expressions are strings: this file is type-checked without the DOM's types.
    const wide = await page().evaluate<string[]>(WIDER_THAN_SCREEN);
    const overflow = await page().evaluate<number>(
      'document.documentElement.scrollWidth - window.innerWidth',
    );
    assert.ok(overflow <= 0, `${where} is ${overflow}px wider than the phone: ${wide.join(', ')}`);
  };

  /** "Queued for Wed 9 Dec, 10:30 (UTC)." on the Queue page, and the post in its slot there. */
  const confirmsSlot = async (at: string, content: string) => {
    const words = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
    }).format(new Date(at));
    await page()
      .getByRole('status')
      .filter({ hasText: `Queued for ${words} (UTC).` })
      .waitFor();
    const row = page()
      .getByRole('region', { name: 'Up next in this queue' })
      .locator('li.timeline-post', { hasText: content });
    await row.waitFor();
    const when = new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
    }).format(new Date(at));
    assert.equal(await row.locator('.timeline-when').textContent(), when);
  };

  it('signs in', async () => {
    await page().goto(base);
    await page().getByLabel('Access key').fill(t.accessKey);
    await page().getByRole('button', { name: 'Sign in' }).click();
    await page().getByTestId('project').filter({ hasText: 'Project: test' }).waitFor();
  });

  for (const [size, viewport, queueTime, queueDays] of [
    ['desktop', DESKTOP, '10:30', ['Wednesday', 'Friday']],
    ['phone', PHONE, '14:15', ['Tuesday']],
  ] as const) {
    describe(`at ${size} width`, () => {
      before(() => page().setViewportSize(viewport));

      it('saves a draft with its problems as hints, finds it in Drafts, edits it and schedules it', async () => {
        const first = `Draft ${size} ${Date.now()} ${'y'.repeat(280)}`;
        await go('/compose');
        await settled();
        await text().fill(first);
        await page().getByRole('checkbox', { name: /^X:/ }).check();
        await page().getByRole('button', { name: 'Save as draft' }).click();
        // The draft is kept although X would refuse it; the problem is a hint to finish later.
        await page().waitForURL(/\/compose\?draft=/);
        const notice = page().locator('.draft-saved');
        await notice.getByText('Draft saved. Before it can be published:').waitFor();
        await notice.locator('li', { hasText: /^X: the post's content is \d+ characters/ }).waitFor();
        assert.equal(await page().locator('#page-title').textContent(), 'Edit draft');
        assert.equal(await text().inputValue(), first);
        // The form's own check says the same beside the text, for publishing now.
        await page().getByRole('status').filter({ hasText: 'Fix the problems shown to publish.' }).waitFor();
        const [draft] = await postsWith(first);
        assert.equal(draft?.status, 'draft');
        await b.screenshot('planning-draft-saved');
        await fitsThePhone('Compose with a saved draft');

        await go('/drafts');
        await settled();
        const card = page().locator('.post', { hasText: first.slice(0, 30) });
        await card.locator('.badge-draft').first().waitFor();
        await b.screenshot('planning-drafts');
        await fitsThePhone('Drafts');
        await card.getByRole('button', { name: 'Edit and schedule' }).click();
        await page().waitForURL(/\/compose\?draft=/);
        await settled();
        const finished = `Draft ${size} finished ${Date.now()}`;
        await text().fill(finished);
        await page().getByRole('radio', { name: 'Schedule' }).check();
        await page().getByLabel('Time zone').selectOption('UTC');
        const at = daysAhead(1, '10:00');
        await page().getByLabel('Date and time').fill(at);
        await ready();
        await page().getByRole('button', { name: 'Schedule', exact: true }).click();
        await page().waitForURL(/\/calendar$/);
        const scheduled = (await t.request('GET', `/v1/posts/${draft.postId}`)).body.post;
        assert.equal(scheduled.status, 'scheduled');
        assert.equal(scheduled.content, finished);
        assert.equal(scheduled.scheduledFor, new Date(`${at}:00Z`).toISOString());
        await go('/drafts');
        await settled();
        await page()
          .locator('.post', { hasText: first.slice(0, 30) })
          .waitFor({ state: 'detached' });
      });

      it('sets a queue on the grid; Add to queue shows the slot it takes; the calendar shows the post there', async () => {
        await go('/queue');
        await settled();
        await page().getByLabel('Queue of').selectOption({ label: 'Brand A' });
        await page().waitForURL(/\/queue\?profileId=/);
        await settled();
        await page().getByLabel('New time').fill(queueTime);
        await page().getByRole('button', { name: 'Add time' }).click();
        for (const day of queueDays)
          await page()
            .getByRole('checkbox', { name: `${day} ${queueTime}` })
            .check();
        await page().getByLabel('Time zone of the slots').selectOption('UTC');
        await page().getByRole('button', { name: 'Save queue' }).click();
        await page()
          .getByRole('status')
          .filter({ hasText: 'Saved. Posts already queued keep their times; new posts take the new slots.' })
          .waitFor();
        const queue = (await t.request('GET', `/v1/queue?profileId=${profileId}`)).body.queue;
        for (const day of queueDays)
          assert.ok(
            queue.slots.some(
              (s: { day: string; time: string }) => s.day === day.toLowerCase() && s.time === queueTime,
            ),
            JSON.stringify(queue.slots),
          );
        await page().locator('.free-slot-list li').first().waitFor();
        await b.screenshot('planning-queue');
        await fitsThePhone('Queue');

        const content = `Queued ${size} ${Date.now()}`;
        await go('/compose');
        await settled();
        await text().fill(content);
        // X is in Brand A, LinkedIn has no profile: one post can not take two queues' slots.
        await page().getByRole('checkbox', { name: /^X:/ }).check();
        await page()
          .getByRole('checkbox', { name: /^LinkedIn:/ })
          .check();
        await page().getByRole('button', { name: 'Add to queue' }).click();
        await page()
          .getByRole('alert')
          .filter({ hasText: 'These accounts belong to different profiles' })
          .waitFor();
        await b.screenshot('planning-queue-two-profiles');
        // LinkedIn alone: the project's own queue has no slots.
        await page().getByRole('checkbox', { name: /^X:/ }).uncheck();
        await page().getByRole('alert').filter({ hasText: 'has no time slots yet' }).waitFor();
        await page()
          .getByRole('checkbox', { name: /^LinkedIn:/ })
          .uncheck();
        await page().getByRole('checkbox', { name: /^X:/ }).check();
        const slot = (await t.request('GET', `/v1/queue/slots?profileId=${profileId}&count=1`)).body.slots[0];
        const shown = page().getByTestId('queue-slot');
        await shown.filter({ hasText: 'the queue of Brand A' }).waitFor();
        const weekday = new Date(slot.scheduledFor).toLocaleDateString('en-GB', {
          weekday: 'long',
          timeZone: 'UTC',
        });
        assert.match((await shown.textContent()) ?? '', new RegExp(`${weekday}.*${queueTime}.*\\(UTC\\)`));
        await ready();
        await b.screenshot('planning-queue-confirm');
        await fitsThePhone('Compose adding to the queue');
        await page().getByRole('button', { name: 'Confirm: add to queue' }).click();
        // The Queue page says the slot taken, and shows the post there.
        await page().waitForURL(/\/queue\?profileId=/);
        await confirmsSlot(slot.scheduledFor, content);
        await b.screenshot('planning-queued-notice');
        await fitsThePhone('Queue after adding to it');
        const [post] = await postsWith(content);
        assert.equal(post?.status, 'scheduled');
        assert.equal(post.scheduledFor, slot.scheduledFor);
        await go(`/calendar?date=${slot.scheduledFor.slice(0, 10)}`);
        await settled();
        const chip = page().locator(
          `td[data-slot="${weekCell(slot.scheduledFor)}"] .chip[data-post-id="${post.postId}"]`,
        );
        await chip.waitFor();
        assert.match((await chip.getAttribute('class')) ?? '', /chip-queued/);
        // The chip's name comes from its text (its visible words, then its state): it says queued.
        assert.match((await chip.textContent()) ?? '', /queued/);
        // The slot the post took is no longer free; the queue's next free slot is marked in its cell.
        assert.equal(
          await page()
            .locator(`.week td[data-slot="${weekCell(slot.scheduledFor)}"] .free-slot`)
            .count(),
          0,
        );
        await b.screenshot('planning-calendar-queue');
        await fitsThePhone('Calendar with queue slots');
        const next = (await t.request('GET', `/v1/queue/slots?profileId=${profileId}&count=1`)).body.slots[0];
        await go(`/calendar?date=${next.scheduledFor.slice(0, 10)}`);
        await settled();
        await page()
          .locator(`.week td[data-slot="${weekCell(next.scheduledFor)}"] .free-slot`, { hasText: 'Brand A' })
          .waitFor();
        // By month, a day says how many free slots it has.
        await page().getByRole('button', { name: 'Month' }).click();
        await settled();
        await page()
          .locator('.month-grid .free-slot', { hasText: /^\d+ free queue slots?$/ })
          .first()
          .waitFor();
        await b.screenshot('planning-calendar-month');
        await fitsThePhone('Calendar by month with queue slots');
      });

      it('puts a draft into the queue: Drafts, Edit and schedule, Add to queue, confirm the slot', async () => {
        const content = `Draft for the queue ${size} ${Date.now()}`;
        const x = (await t.request('GET', '/v1/connect/integrations?platform=twitter')).body.integrations[0]
          .id;
        const made = await t.request('POST', '/v1/posts', {
          content,
          platforms: [{ platform: 'twitter', accountId: x }],
          draft: true,
        });
        assert.equal(made.status, 202, made.text);
        await go('/drafts');
        await settled();
        await page()
          .locator('.post', { hasText: content })
          .getByRole('button', { name: 'Edit and schedule' })
          .click();
        await page().waitForURL(/\/compose\?draft=/);
        await settled();
        await page().getByRole('button', { name: 'Add to queue' }).click();
        const slot = (await t.request('GET', `/v1/queue/slots?profileId=${profileId}&count=1`)).body.slots[0];
        const weekday = new Date(slot.scheduledFor).toLocaleDateString('en-GB', {
          weekday: 'long',
          timeZone: 'UTC',
        });
        await page().getByTestId('queue-slot').filter({ hasText: weekday }).waitFor();
        await page().getByRole('button', { name: 'Confirm: add to queue' }).click();
        await page().waitForURL(/\/queue\?profileId=/);
        await confirmsSlot(slot.scheduledFor, content);
        const post = (await t.request('GET', `/v1/posts/${made.body.postId}`)).body.post;
        assert.equal(post.status, 'scheduled');
        assert.equal(post.scheduledFor, slot.scheduledFor);
        await go(`/calendar?date=${slot.scheduledFor.slice(0, 10)}`);
        await settled();
        await page()
          .locator(
            `td[data-slot="${weekCell(slot.scheduledFor)}"] .chip-queued[data-post-id="${post.postId}"]`,
          )
          .waitFor();
      });

      it('repeats a post weekly with a variant; the calendar and the list mark the series; pauses and ends it', async () => {
        const content = `Weekly tip ${size} ${Date.now()}`;
        await go('/compose');
        await settled();
        await text().fill(content);
        await page()
          .getByRole('checkbox', { name: /^Bluesky:/ })
          .check();
        await page().getByRole('radio', { name: 'Schedule' }).check();
        await page().getByLabel('Time zone').selectOption('UTC');
        await page().getByLabel('Date and time').fill(daysAhead(2, '08:00'));
        await page().getByRole('checkbox', { name: 'Repeat this post' }).check();
        await page().getByLabel('Unit').selectOption('week');
        await page().getByLabel('Ends').selectOption('count');
        await page().getByLabel('Posts in all').fill('4');
        await page().getByRole('button', { name: 'Add a variant' }).click();
        await page().getByLabel('Variant 1').fill(`${content}, take two`);
        // A variant added by mistake is removed again.
        await page().getByRole('button', { name: 'Add a variant' }).click();
        await page().getByRole('button', { name: 'Remove variant 2' }).click();
        await page().getByLabel('Variant 2').waitFor({ state: 'detached' });
        await ready();
        await b.screenshot('planning-compose-repeat');
        await fitsThePhone('Compose with a repeat');
        await page().getByRole('button', { name: 'Schedule', exact: true }).click();
        await page().waitForURL(/\/calendar$/);
        const [post] = await postsWith(content);
        assert.ok(post?.seriesId, JSON.stringify(post));
        const series = (await t.request('GET', `/v1/series/${post.seriesId}`)).body.series;
        assert.deepEqual(series.recurrence, { every: 1, unit: 'week', count: 4 });
        assert.deepEqual(series.variants, [`${content}, take two`]);

        await go(`/calendar?date=${post.scheduledFor.slice(0, 10)}`);
        await settled();
        const chip = page().locator(
          `td[data-slot="${weekCell(post.scheduledFor)}"] .chip[data-post-id="${post.postId}"]`,
        );
        await chip.waitFor();
        assert.match((await chip.getAttribute('class')) ?? '', /chip-series/);
        assert.match((await chip.textContent()) ?? '', /series/);
        await b.screenshot('planning-calendar-series');

        await go('/posts');
        await settled();
        const card = page().locator('.post', { hasText: content });
        await card.locator('.badge-series').waitFor();
        await card.getByText('Every week, 4 posts in all').waitFor();
        await card.getByRole('button', { name: 'Pause series' }).click();
        await card.getByText('Pause this series?').waitFor();
        await b.screenshot('planning-series-confirm');
        await fitsThePhone('Posts asking to pause a series');
        await card.getByRole('button', { name: 'Pause series' }).click();
        await card.getByRole('status').filter({ hasText: 'Series paused.' }).waitFor();
        await card.locator('.badge-series-paused').waitFor();
        assert.equal((await t.request('GET', `/v1/series/${post.seriesId}`)).body.series.status, 'paused');
        await card.getByRole('button', { name: 'End series' }).click();
        await card.getByText('End this series?').waitFor();
        await card.getByRole('button', { name: 'End series' }).click();
        // The occurrence that waited is cancelled: the card turns into a draft that can be scheduled again.
        await card.locator('.badge-series-ended').waitFor();
        await card.locator('.post-head .badge-draft').waitFor();
        await card.getByRole('button', { name: 'Edit and schedule' }).waitFor();
        await until(
          async () => (await t.request('GET', `/v1/series/${post.seriesId}`)).body.series.status === 'ended',
        );
        assert.equal((await t.request('GET', `/v1/posts/${post.postId}`)).body.post.status, 'draft');
        await b.screenshot('planning-series-ended');
        await fitsThePhone('Posts with an ended series');
      });
    });
  }

  it('leaves the browser at desktop width', async () => {
    await page().setViewportSize(DESKTOP);
  });
});
