/**
 * The hosted connect page's Telegram and Mastodon, as a browser without scripts
 * walks them. Telegram has no authorization page, so the page says how a channel
 * connects (a bot of one's own, an administrator there) and takes its token and the
 * chat in a form; a bot that can not post is refused in Telegram's words, on the
 * page. Mastodon asks for the person's instance first: the form sends it (so
 * connecting again, to reconnect, names the account's own instance), the page
 * links on to that instance's authorization page, and the callback comes back here.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { SANDBOX_TELEGRAM } from '../../src/facts/sandbox-app.ts';
import { forEachDatabase, type TestService } from '../harness.ts';
import { authorize, type ConnectEnv, startConnectEnv, visitService } from './helpers.ts';

const DONE = 'https://client.example/done';
const NO_KEY = { 'x-access-key': '' };
const FORM = { ...NO_KEY, 'content-type': 'application/x-www-form-urlencoded' };

async function newSession(t: TestService): Promise<string> {
  const res = await t.request('POST', '/v1/connect/sessions', {
    platforms: ['telegram', 'mastodon'],
    redirectUri: DONE,
  });
  assert.equal(res.status, 201, res.text);
  return new URL(res.body.url).pathname;
}

forEachDatabase('hosted connect page: Telegram and Mastodon', (dialect) => {
  let env: ConnectEnv;
  before(async () => {
    env = await startConnectEnv(dialect);
  });
  after(() => env.close());

  it('says how Telegram connects and connects a bot by its token and chat', async () => {
    const { t } = env;
    const path = await newSession(t);
    const page = await t.request('GET', path, undefined, NO_KEY);
    assert.equal(page.status, 200, page.text);
    assert.doesNotMatch(
      page.text,
      /start\/telegram/,
      'no link to an authorization page Telegram does not have',
    );
    assert.match(page.text, /@BotFather/);
    assert.match(page.text, new RegExp(`<form method="post" action="${path}/telegram">`));
    assert.match(page.text, /name="botToken"/);
    assert.match(page.text, /name="chatId"/);

    const empty = await t.request('POST', `${path}/telegram`, 'botToken=&chatId=', FORM);
    assert.equal(empty.status, 400);
    assert.match(empty.text, /enter your bot token and the channel or group/);
    const wrongChat = await t.request(
      'POST',
      `${path}/telegram`,
      new URLSearchParams({
        botToken: SANDBOX_TELEGRAM.botToken,
        chatId: '@no_such_channel_here',
      }).toString(),
      FORM,
    );
    assert.ok(wrongChat.status >= 400 && wrongChat.status < 500, wrongChat.text);
    assert.match(wrongChat.text, /Telegram/);
    assert.doesNotMatch(wrongChat.text, /Connected:/);

    const ok = await t.request(
      'POST',
      `${path}/telegram`,
      new URLSearchParams(SANDBOX_TELEGRAM).toString(),
      FORM,
    );
    assert.equal(ok.status, 303, ok.text);
    assert.equal(String(ok.headers.location), `${path}?connected=telegram`);
    const after = await t.request('GET', `${path}?connected=telegram`, undefined, NO_KEY);
    assert.match(after.text, /Telegram connected\./);
    assert.match(after.text, /✓ Connected: /);
    const list = await t.request('GET', '/v1/connect/integrations?platform=telegram');
    assert.equal(list.body.integrations.length, 1, list.text);
  });

  it('asks for the Mastodon instance, sends it to the connect, and comes back to the page', async () => {
    const { t, sim } = env;
    const path = await newSession(t);
    const page = await t.request('GET', path, undefined, NO_KEY);
    assert.match(page.text, new RegExp(`<form method="post" action="${path}/mastodon">`));
    assert.match(page.text, /name="instance"/);

    // The instance named is the one connected on: a bad one is refused in words on the page.
    const bad = await t.request('POST', `${path}/mastodon`, 'instance=http%3A%2F%2Fmastodon.example', FORM);
    assert.equal(bad.status, 400, bad.text);
    assert.match(bad.text, /Mastodon: instance must be an https address/);
    const named = await t.request(
      'POST',
      `${path}/mastodon`,
      `instance=${encodeURIComponent(sim.url)}`,
      FORM,
    );
    assert.equal(named.status, 200, named.text);
    const link = /<a class="button" href="([^"]+)">Continue to ([^<]+)<\/a>/.exec(named.text);
    assert.ok(link, named.text);
    const authorizeUrl = (link[1] ?? '').replace(/&amp;/g, '&');
    assert.equal(new URL(authorizeUrl).origin, new URL(sim.url).origin);
    assert.equal(link[2], new URL(sim.url).host);
    const back = await visitService(t, await authorize(authorizeUrl));
    assert.equal(back.status, 302, back.text);
    const returned = new URL(String(back.headers.location));
    assert.equal(returned.pathname, path);
    const after = await t.request('GET', `${returned.pathname}${returned.search}`, undefined, NO_KEY);
    assert.match(after.text, /Mastodon connected\./);
    const list = await t.request('GET', '/v1/connect/integrations?platform=mastodon');
    assert.equal(list.body.integrations.length, 1, list.text);
  });
});
