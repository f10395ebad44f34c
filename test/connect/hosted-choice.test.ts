/**
 * Account choice on our page (no `headless`): Facebook Pages, LinkedIn member and
 * organizations, Google Business locations. The person lands on
 * /connect/choose/{platform}/{token}, chooses, and returns to redirectUri with the
 * chosen integrationId(s) as a flow without a choice does; with `headless=true` the
 * client still gets the selection token. Then the page as an attacker sees it: the
 * token is one-time, expires, works only in the browser that authorized (its
 * cookie), only for its platform, never on the API paths, and offers nothing but
 * what the platform offered.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { TestService } from '../harness.ts';
import { forEachDatabase } from '../harness.ts';
import {
  authorize,
  CANCEL,
  type ConnectEnv,
  connectPath,
  REDIRECT,
  startConnectEnv,
  visitService,
} from './helpers.ts';

const FORM = { 'x-access-key': '', 'content-type': 'application/x-www-form-urlencoded' };

interface Choice {
  page: URL;
  cookie: string;
}

/** Like connectLikeAUser, keeping the callback's Set-Cookie. */
async function journey(t: TestService, platform: string, headless = false): Promise<Choice> {
  const start = await t.request('GET', connectPath(platform, headless ? { headless: true } : {}));
  assert.equal(start.status, 200, start.text);
  const callback = await authorize(start.body.url);
  const done = await visitService(t, callback);
  assert.equal(done.status, 302, done.text);
  const raw = done.headers['set-cookie'];
  const cookie = String(Array.isArray(raw) ? raw[0] : (raw ?? '')).split(';')[0] ?? '';
  return { page: new URL(String(done.headers.location)), cookie };
}

const pathOf = (u: URL) => `${u.pathname}${u.search}`;
const offeredIds = (html: string) =>
  [...html.matchAll(/name="selected" value="([^"]+)"/g)].map((m) => m[1] ?? '');

forEachDatabase('account choice on our page without headless', (dialect) => {
  let env: ConnectEnv;
  before(async () => {
    env = await startConnectEnv(dialect);
    env.sim.state.setAuthorizeAs('facebook', '10000000000000002');
  });
  after(() => env.close());

  for (const platform of ['facebook', 'linkedin', 'googlebusiness'] as const) {
    it(`${platform}: chooses on our page, then returns to redirectUri with the chosen integrationIds`, async () => {
      const { t } = env;
      const { page, cookie } = await journey(t, platform);
      assert.match(page.pathname, new RegExp(`^/connect/choose/${platform}/sel_`));
      assert.equal(page.searchParams.get('selectionToken'), null, 'the token is not handed to the client');
      assert.match(cookie, /^sps_choice=.+/);
      const shown = await t.request('GET', pathOf(page), undefined, { 'x-access-key': '', cookie });
      assert.equal(shown.status, 200, shown.text);
      assert.match(String(shown.headers['content-type']), /text\/html/);
      assert.doesNotMatch(shown.text, /<script/i, 'no script on the page');
      assert.match(
        String(shown.headers['content-security-policy']),
        /form-action 'self' https:\/\/client\.example/,
      );
      assert.equal(shown.headers['cache-control'], 'no-store');
      assert.equal(shown.headers['referrer-policy'], 'no-referrer');
      const ids = offeredIds(shown.text);
      assert.ok(ids.length >= 2, `several accounts offered: ${ids}`);
      const chosen = ids.slice(0, 2);
      const saved = await t.request(
        'POST',
        pathOf(page),
        new URLSearchParams(chosen.map((id): [string, string] => ['selected', id])).toString(),
        { ...FORM, cookie },
      );
      assert.equal(saved.status, 303, saved.text);
      const back = new URL(String(saved.headers.location));
      assert.equal(`${back.origin}${back.pathname}`, REDIRECT);
      assert.equal(back.searchParams.get('platform'), platform);
      assert.equal(back.searchParams.get('status'), null);
      const integrationIds = (back.searchParams.get('integrationIds') ?? '').split(',');
      assert.equal(integrationIds.length, 2);
      assert.equal(back.searchParams.get('integrationId'), integrationIds[0]);
      for (const id of integrationIds) {
        const read = await t.request('GET', `/v1/connect/integrations/${id}`);
        assert.equal(read.status, 200, read.text);
        assert.ok(chosen.includes(read.body.integration.platformUserId));
      }
      assert.match(String(saved.headers['set-cookie']), /sps_choice=;.*Max-Age=0/, 'the key is cleared');
      // Replayed: the choice is made.
      const again = await t.request('POST', pathOf(page), `selected=${chosen[0]}`, { ...FORM, cookie });
      assert.equal(again.status, 410);
      assert.equal(
        (await t.request('GET', pathOf(page), undefined, { 'x-access-key': '', cookie })).status,
        410,
      );
    });

    it(`${platform}: with headless=true the client gets the selection token as before`, async () => {
      const { page, cookie } = await journey(env.t, platform, true);
      assert.equal(`${page.origin}${page.pathname}`, REDIRECT);
      assert.equal(page.searchParams.get('status'), 'selection_required');
      assert.match(page.searchParams.get('selectionToken') ?? '', /^sel_/);
      assert.equal(cookie, '', 'no cookie for a headless flow');
    });
  }

  it('the page works only in the browser that authorized, for its platform, never on the API paths', async () => {
    const { t } = env;
    const { page, cookie } = await journey(t, 'linkedin');
    const token = page.pathname.split('/').pop() ?? '';
    const noKey = { 'x-access-key': '' };
    // Another browser (no cookie, or its own).
    assert.equal((await t.request('GET', pathOf(page), undefined, noKey)).status, 410);
    const other = await journey(t, 'linkedin');
    const shownElsewhere = await t.request('GET', pathOf(page), undefined, {
      ...noKey,
      cookie: other.cookie,
    });
    assert.equal(shownElsewhere.status, 410);
    const shown = await t.request('GET', pathOf(page), undefined, { ...noKey, cookie });
    const ids = offeredIds(shown.text);
    const postedElsewhere = await t.request('POST', pathOf(page), `selected=${ids[0]}`, {
      ...FORM,
      cookie: other.cookie,
    });
    assert.equal(postedElsewhere.status, 410);
    // The API selection paths do not take a hosted token, with or without a key.
    assert.equal(
      (await t.request('GET', `/v1/connect/linkedin/selection/${token}`, undefined, noKey)).status,
      404,
    );
    const viaApi = await t.request('POST', `/v1/connect/linkedin/selection/${token}`, {
      selectedAccountIds: ids,
    });
    assert.equal(viaApi.status, 404);
    // Another platform's page for the same token.
    const wrongPlatform = await t.request('GET', `/connect/choose/facebook/${token}`, undefined, {
      ...noKey,
      cookie,
    });
    assert.equal(wrongPlatform.status, 410);
    assert.equal((await t.request('GET', `/connect/choose/twitter/${token}`, undefined, noKey)).status, 404);
    // An account the platform did not offer (another person's, another project's) is refused; the choice stays open.
    const stray = await t.request('POST', pathOf(page), 'selected=urn-of-someone-else', { ...FORM, cookie });
    assert.equal(stray.status, 400);
    assert.match(stray.text, /was not offered by this selection/);
    assert.doesNotMatch(stray.text, /<script/i);
    const none = await t.request('POST', pathOf(page), '', { ...FORM, cookie });
    assert.equal(none.status, 400);
    assert.match(none.text, /Choose at least one/);
    // Nothing of the above connected anything.
    const ok = await t.request('POST', pathOf(page), `selected=${ids[0]}`, { ...FORM, cookie });
    assert.equal(ok.status, 303, ok.text);
    const connected = new URL(String(ok.headers.location)).searchParams;
    assert.equal(connected.get('integrationIds'), null, 'one account chosen, one connected');
    assert.ok(connected.get('integrationId'));
    // The other browser's own choice is still its own.
    const theirs = await t.request('GET', pathOf(other.page), undefined, { ...noKey, cookie: other.cookie });
    assert.equal(theirs.status, 200);
  });

  it('an expired choice is refused; Cancel ends the choice at cancelRedirectUri', async () => {
    const { t } = env;
    const late = await journey(t, 'googlebusiness');
    const realNow = t.ctx.now;
    t.ctx.now = () => new Date(realNow().getTime() + (t.ctx.config.SELECTION_TOKEN_TTL_SECONDS + 1) * 1000);
    try {
      const shown = await t.request('GET', pathOf(late.page), undefined, {
        'x-access-key': '',
        cookie: late.cookie,
      });
      assert.equal(shown.status, 410);
      assert.match(shown.text, /no longer open/);
      const posted = await t.request('POST', pathOf(late.page), 'selected=x', {
        ...FORM,
        cookie: late.cookie,
      });
      assert.equal(posted.status, 410);
    } finally {
      t.ctx.now = realNow;
    }
    const { page, cookie } = await journey(t, 'googlebusiness');
    const cancelled = await t.request('POST', `${page.pathname}/cancel`, '', { ...FORM, cookie });
    assert.equal(cancelled.status, 303);
    const back = new URL(String(cancelled.headers.location));
    assert.equal(`${back.origin}${back.pathname}`, CANCEL);
    assert.equal(back.searchParams.get('error'), 'access_denied');
    assert.equal(back.searchParams.get('platform'), 'googlebusiness');
    assert.equal(
      (await t.request('GET', pathOf(page), undefined, { 'x-access-key': '', cookie })).status,
      410,
    );
  });
});
