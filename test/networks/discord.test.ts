/**
 * Discord end to end through the simulator, on SQLite and PostgreSQL: a channel is
 * connected by OAuth (webhook.incoming) through GET /v1/connect/discord and Discord's
 * page; its webhook token is never answered; a text with an embed and an image are
 * published once each with their discord.com links; a forum channel takes a post
 * only with threadName; edit and delete go through the webhook; a deleted webhook
 * makes the channel need reconnecting, and connecting it again mends the same
 * integration.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type FixtureServer, png, startFixtureServer } from '../../src/media/testing.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { authorize, connectPath, visitService } from '../connect/helpers.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';
import { until } from '../shared-store.ts';

const FINAL = ['published', 'partial', 'failed'];
const TEXT_WEBHOOK = '1310000000000000001';
const FORUM_WEBHOOK = '1310000000000000002';
const GUILD = '1330000000000000001';
const TEXT_CHANNEL = '1320000000000000001';

forEachDatabase('Discord end to end', (dialect) => {
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

  /** Connects the webhook `as` picks on Discord's page; answers the integration's id. */
  const connect = async (as: string) => {
    const start = await t.request('GET', connectPath('discord'));
    assert.equal(start.status, 200, start.text);
    const url = new URL(start.body.url);
    assert.equal(url.searchParams.get('scope'), 'webhook.incoming');
    url.searchParams.set('sim_account', as);
    const done = await visitService(t, await authorize(url.toString()));
    assert.equal(done.status, 302, done.text);
    const back = new URL(String(done.headers.location));
    const id = back.searchParams.get('integrationId');
    assert.ok(id, back.toString());
    return id;
  };
  const publish = async (body: Record<string, unknown>) => {
    const res = await t.request('POST', '/v1/posts', { publishNow: true, ...body });
    assert.equal(res.status, 202, res.text);
    const postId = res.body.postId as string;
    const read = async () => (await t.request('GET', `/v1/posts/${postId}`)).body.post;
    await until(async () => FINAL.includes((await read()).status), 20_000);
    return { postId, post: await read() };
  };
  const messages = (text: string) =>
    sim.state.listPosts('discord', { where: (p) => p.data.content === text });
  const webhookTokens = () =>
    sim.state
      .tokensWhere({ platform: 'discord' })
      .filter((tk) => tk.scopes.includes('webhook.incoming') && tk.expiresAt === null)
      .map((tk) => tk.value);

  it('connects a channel by OAuth; the webhook token is sealed and never answered', async () => {
    accountId = await connect(TEXT_WEBHOOK);
    const list = await t.request('GET', '/v1/connect/integrations');
    const i = list.body.integrations.find((x: { id: string }) => x.id === accountId);
    assert.equal(i.platform, 'discord');
    assert.equal(i.platformUserId, TEXT_CHANNEL);
    assert.equal(i.profileUrl, `https://discord.com/channels/${GUILD}/${TEXT_CHANNEL}`);
    const tokens = webhookTokens();
    assert.ok(tokens.length > 0);
    for (const token of tokens) assert.ok(!list.text.includes(token), 'the webhook token is not answered');
  });

  it('publishes a text with an embed and an image once each, with their discord.com links', async () => {
    const text = `Discord text ${dialect} ${Date.now()}`;
    const one = await publish({
      content: text,
      platforms: [
        {
          platform: 'discord',
          accountId,
          platformSpecificData: {
            embeds: [{ title: 'Release notes', description: 'What changed', color: 0x5865f2 }],
            silent: true,
          },
        },
      ],
    });
    assert.equal(one.post.status, 'published', JSON.stringify(one.post.platforms));
    const [sent] = messages(text);
    assert.ok(sent);
    assert.equal((sent.data.embeds as { title: string }[])[0]?.title, 'Release notes');
    assert.equal(sent.data.flags, 4096);
    assert.equal(
      one.post.platforms[0].platformPostUrl,
      `https://discord.com/channels/${GUILD}/${TEXT_CHANNEL}/${sent.id}`,
    );

    const photo = `Discord photo ${dialect} ${Date.now()}`;
    const image = fixtures.set(`/dc/${dialect}-1.png`, png(200, 100), 'image/png');
    const two = await publish({
      content: photo,
      mediaItems: [{ type: 'image', url: image }],
      platforms: [{ platform: 'discord', accountId }],
    });
    assert.equal(two.post.status, 'published', JSON.stringify(two.post.platforms));
    const [withFile] = messages(photo);
    assert.ok(withFile);
    assert.equal((withFile.data.attachments as unknown[]).length, 1);
  });

  it('posts to a forum channel only with threadName, which opens a thread', async () => {
    const forum = await connect(FORUM_WEBHOOK);
    const text = `Discord forum ${dialect} ${Date.now()}`;
    const ok = await publish({
      content: text,
      platforms: [
        { platform: 'discord', accountId: forum, platformSpecificData: { threadName: 'Launch day' } },
      ],
    });
    assert.equal(ok.post.status, 'published', JSON.stringify(ok.post.platforms));
    const [sent] = messages(text);
    assert.equal(sent?.data.threadName, 'Launch day');
    assert.equal(sent?.data.channelId, sent?.id, "a forum post's thread has its first message's id");
    const edited = `${text} (edited)`;
    const res = await t.request('PATCH', `/v1/posts/${ok.postId}/published`, { content: edited });
    assert.ok(res.status < 300, res.text);
    await until(() => messages(edited).length === 1, 20_000);

    const bare = await publish({
      content: `${text} bare`,
      platforms: [{ platform: 'discord', accountId: forum }],
    });
    assert.equal(bare.post.status, 'failed');
    assert.match(JSON.stringify(bare.post.platforms), /forum channels must have a thread_name/);
  });

  it('edits and deletes a message through the webhook', async () => {
    const text = `Discord edit ${dialect} ${Date.now()}`;
    const { postId } = await publish({ content: text, platforms: [{ platform: 'discord', accountId }] });
    const edited = `${text} (edited)`;
    const res = await t.request('PATCH', `/v1/posts/${postId}/published`, { content: edited });
    assert.ok(res.status < 300, res.text);
    await until(() => messages(edited).length === 1, 20_000);
    const [message] = messages(edited);
    const del = await t.request('DELETE', `/v1/posts/${postId}?deleteFromPlatforms=true`);
    assert.equal(del.status, 200, del.text);
    assert.equal(sim.state.getPost('discord', message!.id)?.deleted, true);
  });

  it('refuses at create what Discord would refuse, naming the field', async () => {
    const long = await t.request('POST', '/v1/posts', {
      content: 'x'.repeat(2001),
      platforms: [{ platform: 'discord', accountId }],
      publishNow: true,
    });
    assert.equal(long.status, 400);
    assert.match(JSON.stringify(long.body), /2001 characters; the limit is 2000/);
    const extra = await t.request('POST', '/v1/posts', {
      content: 'hello',
      platforms: [{ platform: 'discord', accountId, platformSpecificData: { tts: true } }],
      publishNow: true,
    });
    assert.equal(extra.status, 400);
    assert.match(JSON.stringify(extra.body), /tts/);
  });

  it('a deleted webhook makes the channel need reconnecting; connecting again mends it', async () => {
    sim.state.revokeTokens({ platform: 'discord', account: TEXT_WEBHOOK });
    const gone = await publish({
      content: `Discord after the webhook was deleted ${dialect} ${Date.now()}`,
      platforms: [{ platform: 'discord', accountId }],
    });
    assert.equal(gone.post.status, 'failed');
    assert.match(JSON.stringify(gone.post.platforms), /needs reconnecting because its access was revoked/);
    const health = await t.request('GET', '/v1/connect/integrations/health');
    const mine = health.body.accounts.find((a: { integrationId: string }) => a.integrationId === accountId);
    assert.equal(mine.authStatus, 'needs_reconnect', JSON.stringify(mine));
    assert.equal(mine.canPublish, false, JSON.stringify(mine));
    assert.match(mine.action, /GET \/v1\/connect\/discord/);
    const again = await connect(TEXT_WEBHOOK);
    assert.equal(again, accountId, 'connecting the same channel again updates its integration');
    const text = `Discord after reconnecting ${dialect} ${Date.now()}`;
    const ok = await publish({ content: text, platforms: [{ platform: 'discord', accountId }] });
    assert.equal(ok.post.status, 'published', JSON.stringify(ok.post.platforms));
    sim.contracts.assertNone('discord');
  });
});
