/**
 * Telegram end to end through the simulator, on SQLite and PostgreSQL: the sandbox
 * bot connects @sim_channel; what a bot lacks is said in words; a text, a photo and
 * an album are published once each with their t.me links; delete removes every
 * message of an album; a published text is edited in place.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { SANDBOX_TELEGRAM } from '../../src/facts/sandbox-app.ts';
import { type FixtureServer, png, startFixtureServer } from '../../src/media/testing.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';
import { until } from '../shared-store.ts';

const FINAL = ['published', 'partial', 'failed'];

forEachDatabase('Telegram end to end', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let fixtures: FixtureServer;
  let accountId: string;

  before(async () => {
    sim = await startSimulator({ contracts: true });
    fixtures = await startFixtureServer();
    t = await startTestService(dialect, {
      settings: {
        SIMULATOR_URL: sim.url,
        JOBS_POLL_MS: '20',
        PUBLISH_WAIT_MS: '15000',
        OUTBOUND_ALLOWLIST: '127.0.0.1',
      },
    });
  });
  after(async () => {
    await t.close();
    await fixtures.close();
    await sim.close();
  });

  const connect = (body: unknown) => t.request('POST', '/v1/connect/telegram/auth', body);
  const publish = async (body: Record<string, unknown>) => {
    const res = await t.request('POST', '/v1/posts', { publishNow: true, ...body });
    assert.equal(res.status, 202, res.text);
    const postId = res.body.postId as string;
    const read = async () => (await t.request('GET', `/v1/posts/${postId}`)).body.post;
    await until(async () => FINAL.includes((await read()).status), 20_000);
    return { postId, post: await read() };
  };
  const messages = (text: string) =>
    sim.state.listPosts('telegram', { where: (p) => p.data.text === text || p.data.caption === text });

  it('connects the sandbox bot and channel', async () => {
    const res = await connect(SANDBOX_TELEGRAM);
    assert.equal(res.status, 200, res.text);
    const i = res.body.integration;
    assert.equal(i.platform, 'telegram');
    assert.equal(i.platformUserId, '-1001000000001');
    assert.equal(i.username, 'sim_channel');
    assert.equal(i.profileUrl, 'https://t.me/sim_channel');
    accountId = i.id;
    const again = await connect(SANDBOX_TELEGRAM);
    assert.equal(again.body.integration.id, accountId, 'connecting again updates the same integration');
  });

  it('says what is missing: an unknown token, a chat the bot is not in, a channel it may not post to', async () => {
    const token = await connect({ botToken: '123456:AAunknown', chatId: '@sim_channel' });
    assert.equal(token.status, 401, token.text);
    assert.deepEqual(Object.keys(token.body), ['error'], 'Shape B like the rest of the connect family');
    assert.match(token.body.error, /Telegram refused the bot token/);
    const chat = await connect({ botToken: SANDBOX_TELEGRAM.botToken, chatId: '@nowhere_chat' });
    assert.equal(chat.status, 400, chat.text);
    assert.match(chat.body.error, /chat not found.*add the bot to the channel or group first/);
    const rights = await connect({ botToken: SANDBOX_TELEGRAM.botToken, chatId: '@sim_readonly' });
    assert.equal(rights.status, 400, rights.text);
    assert.equal(
      rights.body.error,
      'Telegram: the bot @sim_publisher_bot is an administrator of the channel @sim_readonly but may not post messages: turn on "Post messages" in its administrator rights',
    );
    const shape = await connect({ botToken: 'not a token', chatId: 'sim_channel' });
    assert.equal(shape.status, 400);
    const start = await t.request('GET', '/v1/connect/telegram');
    assert.equal(start.status, 400);
    assert.match(JSON.stringify(start.body), /POST \/v1\/connect\/telegram\/auth/);
  });

  it('publishes text, a photo and an album once each, with their t.me links; delete removes the album', async () => {
    const text = `Telegram text ${dialect} ${Date.now()}`;
    const one = await publish({
      content: text,
      platforms: [
        { platform: 'telegram', accountId, platformSpecificData: { silent: true, protectContent: true } },
      ],
    });
    assert.equal(one.post.status, 'published', JSON.stringify(one.post.platforms));
    const [sent] = messages(text);
    assert.ok(sent);
    assert.equal(sent.data.silent, true);
    assert.equal(sent.data.protected, true);
    assert.equal(one.post.platforms[0].platformPostUrl, `https://t.me/sim_channel/${sent.id}`);

    const photo = `Telegram photo ${dialect} ${Date.now()}`;
    const image = fixtures.set(`/tg/${dialect}-1.png`, png(200, 100), 'image/png');
    const two = await publish({
      content: photo,
      mediaItems: [{ type: 'image', url: image }],
      platforms: [{ platform: 'telegram', accountId }],
    });
    assert.equal(two.post.status, 'published', JSON.stringify(two.post.platforms));
    assert.equal(messages(photo).length, 1);

    const album = `Telegram album ${dialect} ${Date.now()}`;
    const second = fixtures.set(`/tg/${dialect}-2.png`, png(100, 200), 'image/png');
    const three = await publish({
      content: album,
      mediaItems: [
        { type: 'image', url: image },
        { type: 'image', url: second },
      ],
      platforms: [{ platform: 'telegram', accountId }],
    });
    assert.equal(three.post.status, 'published', JSON.stringify(three.post.platforms));
    const group = messages(album)[0]?.data.mediaGroupId;
    assert.ok(group);
    const ofAlbum = sim.state.listPosts('telegram', { where: (p) => p.data.mediaGroupId === group });
    assert.equal(ofAlbum.length, 2, 'one album of two messages');

    const del = await t.request('DELETE', `/v1/posts/${three.postId}?deleteFromPlatforms=true`);
    assert.equal(del.status, 200, del.text);
    for (const m of ofAlbum) assert.equal(sim.state.getPost('telegram', m.id)?.deleted, true);
  });

  it('refuses at create what Telegram would refuse, naming the field', async () => {
    const long = await t.request('POST', '/v1/posts', {
      content: 'x'.repeat(1025),
      mediaItems: [{ type: 'image', url: 'https://example.com/a.png' }],
      platforms: [{ platform: 'telegram', accountId }],
      publishNow: true,
    });
    assert.equal(long.status, 400);
    assert.match(JSON.stringify(long.body), /Telegram caption takes at most 1024/);
    const extra = await t.request('POST', '/v1/posts', {
      content: 'hello',
      platforms: [{ platform: 'telegram', accountId, platformSpecificData: { pinned: true } }],
      publishNow: true,
    });
    assert.equal(extra.status, 400);
    assert.match(JSON.stringify(extra.body), /pinned/);
  });

  it('edits a published text in place', async () => {
    const text = `Telegram edit ${dialect} ${Date.now()}`;
    const { postId } = await publish({ content: text, platforms: [{ platform: 'telegram', accountId }] });
    const edited = `${text} (edited)`;
    const res = await t.request('PATCH', `/v1/posts/${postId}/published`, { content: edited });
    assert.ok(res.status < 300, res.text);
    await until(() => messages(edited).length === 1, 20_000);
    assert.equal(messages(text).length, 0);
    sim.contracts.assertNone('telegram');
  });
});
