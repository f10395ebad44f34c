/**
 * The hosted connect page in a real browser (Debian's Chromium), in sandbox mode
 * against the platform simulator, as an integrator's customer uses it: the
 * integrator creates a session through the API, the customer opens the link,
 * connects X by OAuth, Bluesky with an app password and one Facebook Page from the
 * choice, chooses Done and lands on the integrator's redirectUri with the ids. An
 * expired and a used link each show their page. Pages are photographed at desktop
 * width and at 390 px under /tmp, and checked for what assistive technology needs.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { startTestService, type TestService } from '../harness.ts';
import { type Browser, browserSkip, DESKTOP, freePort, openBrowser, PHONE } from './browser.ts';

const FB_MANAGER = '10000000000000002';
const SHOTS = '/tmp';

/** What a screen reader and a keyboard need of these pages (axe-core is not a dependency here). */
const ACCESSIBILITY_PROBLEMS = `(() => {
  const problems = [];
  if (!document.documentElement.lang) problems.push('html has no lang');
  if (!document.title) problems.push('no title');
  if (document.querySelectorAll('h1').length !== 1) problems.push('not exactly one h1');
  if (!document.querySelector('main')) problems.push('no main landmark');
  for (const el of document.querySelectorAll('input:not([type=hidden]), select, textarea')) {
    const labelled = (el.id && document.querySelector('label[for="' + el.id + '"]')) || el.closest('label') || el.getAttribute('aria-label');
    if (!labelled) problems.push('unlabelled ' + el.outerHTML.slice(0, 60));
  }
  for (const img of document.querySelectorAll('img')) if (!img.hasAttribute('alt')) problems.push('img without alt');
  for (const a of document.querySelectorAll('a, button')) if (!a.textContent.trim()) problems.push('control without text');
  const lum = (c) => { const m = c.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * m[0] + 0.7152 * m[1] + 0.0722 * m[2]; };
  for (const el of document.querySelectorAll('.button, button, .notice, .hint, p, h1, h2, label, li')) {
    const s = getComputedStyle(el);
    let bg = s.backgroundColor, n = el;
    while (bg === 'rgba(0, 0, 0, 0)' && n.parentElement) { n = n.parentElement; bg = getComputedStyle(n).backgroundColor; }
    if (bg === 'rgba(0, 0, 0, 0)') bg = 'rgb(255, 255, 255)';
    const [a, b] = [lum(s.color), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    if (ratio < 4.5) problems.push('contrast ' + ratio.toFixed(2) + ' on ' + el.tagName + ' ' + el.textContent.trim().slice(0, 30));
  }
  const wide = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5);
  if (wide.length) problems.push('wider than the screen: ' + wide[0].tagName);
  return problems;
})()`;

describe('hosted connect page in Chromium', { skip: browserSkip() }, () => {
  let t: TestService;
  let sim: Simulator;
  let b: Browser;
  let base: string;
  before(async () => {
    sim = await startSimulator();
    // The authorize page logs in as a user who manages several Pages, so there is a choice to make.
    sim.state.setAuthorizeAs('facebook', FB_MANAGER);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await startTestService('sqlite', {
      listen: true,
      settings: { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, SIMULATOR_URL: sim.url },
    });
    b = await openBrowser();
  });
  after(async () => {
    await b?.close();
    await t?.close();
    await sim?.close();
  });

  const page = () => b.page;
  const shoot = async (name: string) => {
    for (const [kind, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page().setViewportSize(size);
      await page().screenshot({ path: join(SHOTS, `hosted-connect-${name}-${kind}.png`), fullPage: true });
      assert.deepEqual(await page().evaluate(ACCESSIBILITY_PROBLEMS), [], `${name} at ${kind} width`);
    }
    await page().setViewportSize(DESKTOP);
  };
  const session = async (platforms: string[]) => {
    const res = await t.request('POST', '/v1/connect/sessions', {
      platforms,
      redirectUri: `${base}/integrator/connected`,
      branding: { name: 'Acme Social', accentColor: '#f4b400' },
    });
    assert.equal(res.status, 201, res.text);
    return res.body.url as string;
  };
  let usedUrl = '';

  it('connects X, Bluesky and a chosen Facebook Page, then returns to the integrator with the ids', async () => {
    const url = await session(['twitter', 'bluesky', 'facebook']);
    usedUrl = url;
    await page().goto(url);
    await page().getByRole('heading', { name: 'Connect your accounts' }).waitFor();
    await shoot('start');

    await page().getByRole('link', { name: 'Connect X' }).click();
    await page().getByRole('status').filter({ hasText: 'X connected.' }).waitFor();

    await page().getByLabel('Handle or e-mail').fill('sim-user.bsky.social');
    await page().getByLabel('App password').fill('wrong-pass-word-0000');
    await page().getByRole('button', { name: 'Connect Bluesky' }).click();
    await page().getByRole('alert').filter({ hasText: 'did not accept' }).waitFor();
    await shoot('bluesky-refused');
    await page().getByLabel('Handle or e-mail').fill('sim-user.bsky.social');
    await page().getByLabel('App password').fill('simb-apps-pass-word');
    await page().getByRole('button', { name: 'Connect Bluesky' }).click();
    await page().getByRole('status').filter({ hasText: 'Bluesky connected.' }).waitFor();

    await page().getByRole('link', { name: 'Connect Facebook Page' }).click();
    await page().getByRole('heading', { name: 'Choose Facebook Pages' }).waitFor();
    await shoot('choose-pages');
    const boxes = page().getByRole('checkbox');
    assert.ok((await boxes.count()) >= 2, 'several Pages to choose from');
    await boxes.first().check();
    await page().getByRole('button', { name: 'Connect selected' }).click();
    await page().getByRole('status').filter({ hasText: 'Facebook Page connected.' }).waitFor();
    await shoot('connected');

    await page().getByRole('button', { name: /^Done/ }).click();
    await page().waitForURL(/\/integrator\/connected\?/);
    const landed = new URL(page().url());
    const ids = (landed.searchParams.get('integrationIds') ?? '').split(',');
    assert.deepEqual((landed.searchParams.get('platforms') ?? '').split(','), [
      'twitter',
      'bluesky',
      'facebook',
    ]);
    assert.equal(ids.length, 3);
    for (const id of ids)
      assert.equal((await t.request('GET', `/v1/connect/integrations/${id}`)).status, 200);
  });

  it('a used link says so', async () => {
    assert.ok(usedUrl, 'the flow above used a link');
    const res = await page().goto(usedUrl);
    assert.equal(res?.status(), 410);
    await page().getByRole('heading', { name: 'This link was already used' }).waitFor();
    await shoot('used');
  });

  it('an expired link says so', async () => {
    const url = await session(['twitter']);
    const realNow = t.ctx.now;
    t.ctx.now = () => new Date(Date.now() + (t.ctx.config.CONNECT_SESSION_TTL_SECONDS + 5) * 1000);
    try {
      const res = await page().goto(url);
      assert.equal(res?.status(), 410);
      await page().getByRole('heading', { name: 'This link has expired' }).waitFor();
      await shoot('expired');
    } finally {
      t.ctx.now = realNow;
    }
  });
});
