/**
 * A manager of three brands and their contributor, in Chromium: the contributor's
 * Compose says "Send for approval" with the time asked for, and the list says what
 * happens next and shows the post's state in words; the manager sets approval per
 * project and per brand where they look for it (Approvals, Accounts); accounts are
 * grouped by brand, a whole brand is chosen at once in Compose, and the brand chosen
 * on one page filters the next. At desktop and phone width, with screenshots and
 * axe at 0 serious violations.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Locator } from 'playwright-core';
import { createAccessKey } from '../../src/domain/projects/keys.ts';
import { startTestService, type TestService } from '../harness.ts';
import { addIntegration } from '../posts-fixtures.ts';
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

const BRANDS = ['Acme Coffee', 'Birch Bikes', 'Cedar Books'];

/**
 * The value a select shows once its options have loaded: a page renders its select at
 * once and its choices when the profiles arrive, so reading the value earlier reads ''.
 */
async function chosen(select: Locator, expected: string | undefined): Promise<string> {
  if (expected) await select.locator(`option[value="${expected}"]`).waitFor({ state: 'attached' });
  return select.inputValue();
}

/** A Saturday 10:00 some weeks ahead, as the datetime-local input takes it and as the dashboard words it (en-GB, UTC). */
function nextSaturday(): { wall: string; words: string } {
  const d = new Date(Date.now() + 21 * 86400_000);
  d.setUTCDate(d.getUTCDate() + ((6 - d.getUTCDay() + 7) % 7));
  d.setUTCHours(10, 0, 0, 0);
  const words = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(d);
  return { wall: d.toISOString().slice(0, 16), words };
}

describe('dashboard team workflows in Chromium', { skip: browserSkip() }, () => {
  let t: TestService;
  let b: Browser;
  let base: string;
  let contributorKey: string;
  const profiles: Record<string, string> = {};
  const accounts: Record<string, string[]> = {};

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
    for (const name of BRANDS) {
      const p = (await t.request('POST', '/v1/profiles', { name })).body.profile;
      profiles[name] = p.id;
      accounts[name] = [];
      for (const platform of ['twitter', 'linkedin', 'bluesky', 'threads'])
        accounts[name].push(await addIntegration(t.ctx, t.projectId, platform, { profileId: p.id }));
    }
    contributorKey = (await createAccessKey(t.ctx, t.projectId, 'writer', { role: 'contributor' })).accessKey;
    b = await openBrowser();
  });
  after(async () => {
    await b?.close();
    await t?.close();
  });

  const signIn = async (key: string) => {
    const page = b.page;
    await page.goto(base);
    if (await page.getByRole('button', { name: 'Sign out' }).isVisible()) {
      await page.getByRole('button', { name: 'Sign out' }).click();
    }
    await page.getByLabel('Access key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('project').waitFor();
  };
  const noAxe = async () => assert.deepEqual(await seriousAxeViolations(b.page), []);
  /** On a phone the navigation is behind its "Menu" button: opens it when it is folded. */
  const openMenu = async () => {
    const toggle = b.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Menu/ });
    if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false')
      await toggle.click();
  };

  for (const size of [DESKTOP, PHONE]) {
    const width = size === DESKTOP ? 'desktop' : 'phone';
    it(`a contributor sends for approval and is told what happens next (${width})`, async () => {
      const page = b.page;
      await page.setViewportSize(size);
      await signIn(contributorKey);
      await page.goto(`${base}/compose`);
      await page.getByRole('checkbox', { name: /Select the whole brand Birch Bikes/ }).check();
      await page.getByLabel('Text', { exact: true }).fill(`Spring service week (${width})`);
      await page.getByRole('radio', { name: 'Schedule' }).check();
      const saturday = nextSaturday();
      assert.match(saturday.words, /^Sat \d+ [A-Z][a-z]+, 10:00$/);
      await page.getByLabel('Date and time').fill(saturday.wall);
      const send = page.getByRole('button', { name: `Send for approval (${saturday.words})`, exact: true });
      await send.waitFor();
      assert.equal(await page.getByRole('button', { name: 'Publish now', exact: true }).count(), 0);
      assert.equal(await page.getByRole('button', { name: 'Schedule', exact: true }).count(), 0);
      await page.getByText('Ready: every platform accepts this post.').waitFor();
      await b.screenshot(`brands-compose-contributor`);
      await noAxe();
      await send.click();
      await page
        .getByRole('status')
        .filter({ hasText: `Sent for approval; it goes out ${saturday.words} once approved.` })
        .waitFor();
      const card = page
        .locator('li.post, article.post, .post')
        .filter({ hasText: `Spring service week (${width})` })
        .first();
      await card.getByText('Awaiting approval').first().waitFor();
      // Never the raw values: neither the post's `pending` nor its targets' `draft`.
      const text = (await card.textContent()) ?? '';
      assert.doesNotMatch(text, /\bpending\b|\bdraft\b/, text);
      await b.screenshot('brands-posts-sent');
      await noAxe();
    });
  }

  it('a contributor whose brand has approval off is offered drafts only', async () => {
    const page = b.page;
    await page.setViewportSize(DESKTOP);
    const owner = { 'x-access-key': t.accessKey };
    const set = await t.request(
      'PUT',
      '/v1/approval/settings',
      { profiles: [{ profileId: profiles['Cedar Books'], approval: 'off' }] },
      owner,
    );
    assert.equal(set.status, 200, set.text);
    await signIn(contributorKey);
    await page.goto(`${base}/compose`);
    await page.getByRole('checkbox', { name: /Select the whole brand Cedar Books/ }).check();
    await page.getByText(/Approval is off for these accounts/).waitFor();
    assert.equal(await page.getByRole('button', { name: /Send for approval|Publish now/ }).count(), 0);
    await page.getByRole('button', { name: 'Save as draft' }).waitFor();
    await b.screenshot('brands-compose-drafts-only');
    await t.request(
      'PUT',
      '/v1/approval/settings',
      { profiles: [{ profileId: profiles['Cedar Books'], approval: null }] },
      owner,
    );
  });

  for (const size of [DESKTOP, PHONE]) {
    const width = size === DESKTOP ? 'desktop' : 'phone';
    it(`the manager sets approval for the project and for one brand (${width})`, async () => {
      const page = b.page;
      await page.setViewportSize(size);
      await t.request('PUT', '/v1/approval/settings', { approval: 'contributors' });
      await signIn(t.accessKey);
      await page.goto(`${base}/approvals`);
      const panel = page.getByRole('region', { name: 'Approval setting' });
      await panel.getByText('A contributor’s post waits for an editor’s approval').first().waitFor();
      await panel.getByRole('radio', { name: /Every post/ }).click();
      await panel.getByRole('status').filter({ hasText: 'Approval for the project: every post.' }).waitFor();
      assert.equal((await t.request('GET', '/v1/approval/settings')).body.approval, 'everyone');
      await panel.getByLabel('Approval for Acme Coffee').selectOption('off');
      await panel.getByRole('status').filter({ hasText: 'Approval for Acme Coffee: off.' }).waitFor();
      assert.deepEqual((await t.request('GET', '/v1/approval/settings')).body.profiles, [
        { profileId: profiles['Acme Coffee'], approval: 'off' },
      ]);
      await b.screenshot('brands-approval-settings');
      await noAxe();

      // The same brand's setting beside it on the Accounts page, with the accounts grouped by brand.
      await page.goto(`${base}/integrations`);
      const acme = page.getByRole('region', { name: 'Acme Coffee' });
      await acme.getByRole('heading', { name: 'Acme Coffee' }).waitFor();
      assert.equal(await acme.locator('.integration-list > li').count(), 4);
      assert.equal(await acme.getByLabel('Approval for Acme Coffee').inputValue(), 'off');
      await acme.getByLabel('Approval for Acme Coffee').selectOption('');
      await acme
        .getByRole('status')
        .filter({ hasText: 'Approval for Acme Coffee: as the project.' })
        .waitFor();
      assert.deepEqual((await t.request('GET', '/v1/approval/settings')).body.profiles, []);
      await b.screenshot('brands-accounts');
      await noAxe();
      await t.request('PUT', '/v1/approval/settings', { approval: 'contributors' });
    });
  }

  it('the brand chosen on Posts filters Calendar, Queue, Inbox and Analytics, and is remembered', async () => {
    const page = b.page;
    await page.setViewportSize(DESKTOP);
    await signIn(t.accessKey);
    const birch = accounts['Birch Bikes'] ?? [];
    const acme = accounts['Acme Coffee'] ?? [];
    for (const [content, ids] of [
      ['Birch: new gravel frames', birch],
      ['Acme: winter blend', acme],
    ] as const)
      await t.request('POST', '/v1/posts', {
        content,
        platforms: ids.slice(0, 1).map((accountId) => ({ platform: 'twitter', accountId })),
        scheduledFor: new Date(Date.now() + 86400_000).toISOString(),
      });
    await page.goto(`${base}/posts`);
    await page.getByText('Acme: winter blend').waitFor();
    await page.getByRole('combobox', { name: /^Brand/ }).selectOption({ label: 'Birch Bikes' });
    await page.getByText('Acme: winter blend').waitFor({ state: 'detached' });
    await page.getByText('Birch: new gravel frames').first().waitFor();

    await page.getByRole('link', { name: 'Calendar' }).click();
    await page.getByRole('heading', { name: 'Calendar' }).waitFor();
    assert.equal(
      await chosen(page.getByLabel('Brand', { exact: true }), profiles['Birch Bikes']),
      profiles['Birch Bikes'],
    );
    await page
      .getByRole('button', { name: /Birch: new gravel frames/ })
      .first()
      .waitFor();
    assert.equal(await page.getByRole('button', { name: /Acme: winter blend/ }).count(), 0);

    await page.getByRole('link', { name: 'Queue' }).click();
    assert.equal(await chosen(page.getByLabel('Queue of'), profiles['Birch Bikes']), profiles['Birch Bikes']);

    await page.getByRole('link', { name: 'Inbox' }).click();
    assert.equal(
      await chosen(page.getByLabel('Brand', { exact: true }), profiles['Birch Bikes']),
      profiles['Birch Bikes'],
    );

    await page.getByRole('link', { name: 'Analytics' }).click();
    assert.equal(
      await chosen(page.getByLabel('Brand', { exact: true }), profiles['Birch Bikes']),
      profiles['Birch Bikes'],
    );
    const options = await page.getByLabel('Account').locator('option').allInnerTexts();
    assert.equal(options.length, 5, options.join(' | '));
    await b.screenshot('brands-analytics');
    await noAxe();
    await page.getByLabel('Brand', { exact: true }).selectOption('');
  });

  for (const size of [DESKTOP, PHONE]) {
    const width = size === DESKTOP ? 'desktop' : 'phone';
    it(`a contributor is offered only what their role allows (${width})`, async () => {
      const page = b.page;
      await page.setViewportSize(size);
      const content = `Owner's plan (${width})`;
      const made = await t.request('POST', '/v1/posts', {
        content,
        platforms: [{ platform: 'twitter', accountId: accounts['Acme Coffee']?.[0] }],
        scheduledFor: new Date(Date.now() + 2 * 86400_000).toISOString(),
      });
      assert.equal(made.body.status, 'scheduled', made.text);
      await signIn(contributorKey);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await openMenu();
      await nav.getByRole('link', { name: 'Posts' }).waitFor();
      await page.getByRole('link', { name: 'Approvals' }).first().waitFor();
      // The role is read once after signing in; until it arrives every action is offered (the
      // API decides), so the page has settled when the owner's links are gone.
      await nav.getByRole('link', { name: 'Members' }).waitFor({ state: 'detached' });
      for (const hidden of ['Members', 'Audit', 'Usage', 'Notifications'])
        assert.equal(await nav.getByRole('link', { name: hidden }).count(), 0, hidden);
      const card = page.locator('li.post').filter({ hasText: content });
      await card.getByRole('button', { name: 'Notes' }).waitFor();
      for (const hidden of ['Reschedule', 'Cancel schedule', 'Delete'])
        assert.equal(await card.getByRole('button', { name: hidden, exact: true }).count(), 0, hidden);
      await b.screenshot('brands-contributor-posts');
      await noAxe();
      // The owner has them all.
      await signIn(t.accessKey);
      const own = page.locator('li.post').filter({ hasText: content });
      for (const shown of ['Reschedule', 'Cancel schedule', 'Delete'])
        await own.getByRole('button', { name: shown, exact: true }).waitFor();
      await openMenu();
      for (const shown of ['Members', 'Audit', 'Usage', 'Notifications'])
        await nav.getByRole('link', { name: shown }).waitFor();
    });
  }

  const NAV_PAGES = [
    '/posts',
    '/compose',
    '/approvals',
    '/calendar',
    '/queue',
    '/inbox',
    '/analytics',
    '/audit',
  ];
  /** How tall the navigation is, and how far the page reaches beyond the window's right edge. */
  const measure = () =>
    b.page.evaluate<{ nav: number; overflow: number }>(
      `({ nav: document.querySelector('nav[aria-label="Main"]').getBoundingClientRect().height,
          overflow: Math.max(document.documentElement.scrollWidth,
            document.querySelector('nav[aria-label="Main"]').scrollWidth) - window.innerWidth })`,
    );

  it('groups the navigation into Plan, Engage, Analyse and Settings on one line at 1280 px (desktop)', async () => {
    const page = b.page;
    await page.setViewportSize(DESKTOP);
    await signIn(t.accessKey);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const groups = { Plan: 'Posts', Engage: 'Inbox', Analyse: 'Analytics', Settings: 'Members' };
    for (const [group, member] of Object.entries(groups))
      await nav.getByRole('list', { name: group }).getByRole('link', { name: member }).waitFor();
    assert.equal(await nav.getByRole('button', { name: /^Menu/ }).isVisible(), false);
    for (const path of NAV_PAGES) {
      await page.goto(`${base}${path}`);
      await page.locator('#page-title').waitFor();
      const { overflow } = await measure();
      assert.ok(overflow <= 0, `${path} scrolls ${overflow}px sideways`);
      // Every page on one line: the links share their top edge.
      const tops = new Set<number>();
      for (const link of await nav.getByRole('link').all())
        tops.add(Math.round((await link.boundingBox())?.y ?? -1));
      assert.equal(tops.size, 1, `${path}: the links lie on ${tops.size} lines`);
    }
    await b.screenshot('nav-groups');
    await noAxe();
  });

  it('folds the navigation behind a keyboard-usable Menu on a phone, under 15 % of its height (phone)', async () => {
    const page = b.page;
    await page.setViewportSize(PHONE);
    await signIn(t.accessKey);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const path of NAV_PAGES) {
      await page.goto(`${base}${path}`);
      await page.locator('#page-title').waitFor();
      const { nav: height } = await measure();
      assert.ok(
        height <= PHONE.height * 0.15,
        `${path}: the navigation takes ${height}px of ${PHONE.height}`,
      );
    }
    await b.screenshot('nav-phone-folded');
    await noAxe();
    const toggle = nav.getByRole('button', { name: 'Menu: Audit' });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await nav.getByRole('link', { name: 'Inbox' }).count(), 0);
    // By keyboard: Enter opens it, Escape folds it and gives the focus back to the button.
    await toggle.focus();
    await page.keyboard.press('Enter');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    for (const group of ['Plan', 'Engage', 'Analyse', 'Settings'])
      await nav.getByRole('list', { name: group }).waitFor();
    const menuLinks = nav.getByRole('link');
    for (const link of await menuLinks.all()) {
      const box = await link.boundingBox();
      assert.ok(
        box && box.x >= 0 && box.x + box.width <= PHONE.width,
        `${await link.textContent()} is off screen`,
      );
    }
    await b.screenshot('nav-phone-open');
    await noAxe();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.evaluate<string>('document.activeElement.textContent'), 'Menu: Audit');
    // Choosing a page folds the menu again.
    await toggle.click();
    await nav.getByRole('link', { name: 'Inbox' }).click();
    await page.getByRole('heading', { name: 'Inbox', exact: true }).waitFor();
    assert.equal(
      await nav.getByRole('button', { name: 'Menu: Inbox' }).getAttribute('aria-expanded'),
      'false',
    );
  });

  it('a preview shows the account initial when its picture does not load', async () => {
    const page = b.page;
    await page.setViewportSize(DESKTOP);
    // A picture on a host the page can not reach (the browser refuses every host but loopback).
    await t.ctx.store.db
      .updateTable('integrations')
      .set({ image_url: 'https://pictures.invalid/birch.png' })
      .where('id', '=', accounts['Birch Bikes']?.[0] ?? '')
      .execute();
    await signIn(t.accessKey);
    await page.goto(`${base}/compose`);
    await page.getByRole('checkbox', { name: /Select the whole brand Birch Bikes/ }).check();
    await page.getByLabel('Text', { exact: true }).fill('A picture that never arrives');
    const preview = page.getByTestId('preview-twitter');
    await preview.locator('.pv-avatar-letter', { hasText: 'T' }).waitFor();
    assert.equal(await preview.locator('img.pv-avatar').count(), 0);
    await b.screenshot('preview-avatar-fallback');
  });

  for (const size of [DESKTOP, PHONE]) {
    const width = size === DESKTOP ? 'desktop' : 'phone';
    it(`without a mail server the sign-in page says who makes a reset link (${width})`, async () => {
      const page = b.page;
      await page.setViewportSize(size);
      await page.goto(base);
      if (await page.getByRole('button', { name: 'Sign out' }).isVisible())
        await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByText('Forgot your password? Ask an owner of your project for a reset link.').waitFor();
      assert.equal(await page.getByRole('link', { name: 'Forgot your password?' }).count(), 0);
      await b.screenshot('signin-no-mail');
      await noAxe();
    });
  }

  for (const size of [DESKTOP, PHONE]) {
    const width = size === DESKTOP ? 'desktop' : 'phone';
    it(`the queue shows its posts in order with the empty slots, and reorders by keyboard (${width})`, async () => {
      const page = b.page;
      await page.setViewportSize(size);
      // Each width its own brand's queue, so each starts empty.
      const brand = size === DESKTOP ? 'Cedar Books' : 'Acme Coffee';
      const profileId = profiles[brand] as string;
      const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
      const set = await t.request('PUT', `/v1/queue?profileId=${profileId}`, {
        timezone: 'UTC',
        slots: days.flatMap((day) => [
          { day, time: '09:00' },
          { day, time: '15:00' },
        ]),
        paused: false,
      });
      assert.equal(set.status, 200, set.text);
      const queue = async (content: string) => {
        const res = await t.request('POST', '/v1/posts', {
          content,
          platforms: [{ platform: 'twitter', accountId: accounts[brand]?.[0] }],
          queue: true,
        });
        assert.equal(res.status, 202, res.text);
        return res.body as { postId: string; scheduledFor: string };
      };
      const first = await queue(`First in line (${width})`);
      const second = await queue(`Second in line (${width})`);
      await signIn(t.accessKey);
      await page.goto(`${base}/queue?profileId=${profileId}`);
      const timeline = page.getByRole('region', { name: 'Up next in this queue' });
      const items = timeline.locator('ol.timeline > li');
      await timeline.locator('.timeline-text', { hasText: `Second in line (${width})` }).waitFor();
      // The timeline loads again when the free slots arrive (it is keyed by their count), so
      // it is read once it shows both posts, not at the first moment one of them appeared.
      let texts: string[] = [];
      for (let tries = 0; tries < 200; tries++) {
        texts = await items.allTextContents();
        const shown = (needle: string) => texts.some((x) => x.includes(needle));
        if (shown(`First in line (${width})`) && shown(`Second in line (${width})`)) break;
        await page.waitForTimeout(50);
      }
      const at = (needle: string) => texts.findIndex((x) => x.includes(needle));
      assert.ok(at(`First in line (${width})`) < at(`Second in line (${width})`), texts.join(' | '));
      assert.ok(
        texts.some((x) => x.includes('Empty slot')),
        texts.join(' | '),
      );
      await b.screenshot('queue-timeline');
      await noAxe();
      // By keyboard: the first post goes later, trading places with the second.
      const later = timeline.getByRole('button', { name: `Later for “First in line (${width})”` });
      await later.focus();
      await page.keyboard.press('Enter');
      await timeline
        .getByRole('status')
        .filter({ hasText: /^Moved “First in line/ })
        .waitFor();
      const read = async (id: string) => (await t.request('GET', `/v1/posts/${id}`)).body.post.scheduledFor;
      assert.equal(await read(first.postId), second.scheduledFor);
      assert.equal(await read(second.postId), first.scheduledFor);
      // By drag: the second post (now first) onto the first empty slot, which it takes.
      const free = (await t.request('GET', `/v1/queue/slots?profileId=${profileId}&count=1`)).body.slots[0];
      const mover = timeline.locator('li.timeline-post', { hasText: `Second in line (${width})` });
      await timeline.locator('li.timeline-free').first().waitFor();
      await mover.dragTo(timeline.locator('li.timeline-free').first());
      await timeline
        .getByRole('status')
        .filter({ hasText: /^Moved “Second in line/ })
        .waitFor();
      assert.equal(await read(second.postId), free.scheduledFor);
      await b.screenshot('queue-dragged');
    });
  }

  it('names a YouTube handle with one @ wherever accounts are listed', async () => {
    const page = b.page;
    await page.setViewportSize(DESKTOP);
    const id = await addIntegration(t.ctx, t.projectId, 'youtube', { profileId: profiles['Birch Bikes'] });
    await t.ctx.store.db
      .updateTable('integrations')
      .set({ username: '@simchannel', display_name: 'Sim Channel' })
      .where('id', '=', id)
      .execute();
    await signIn(t.accessKey);
    await page.goto(`${base}/compose`);
    await page.getByText('@simchannel').first().waitFor();
    assert.doesNotMatch((await page.locator('main').textContent()) ?? '', /@@/);
    await page.goto(`${base}/integrations`);
    await page.getByText('@simchannel').first().waitFor();
    assert.doesNotMatch((await page.locator('main').textContent()) ?? '', /@@/);
  });
});
