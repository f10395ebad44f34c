/**
 * The Discord adapter against the simulator over real HTTP: what is Discord's own
 * (embeds, files as multipart parts, forum threads and their thread_id on later calls,
 * a webhook token that never appears in a message). The error classes, lost creates,
 * crash resume and delete every publisher shares are in conformance.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { mp4Stub, png } from '../../media/testing.ts';
import type { AccountCredentials } from '../contract.ts';
import { type AdapterHarness, platformFailure, startAdapterHarness } from '../shared/testing.ts';
import { discordEditor } from './edit.ts';
import { discordModule } from './index.ts';

const adapter = discordModule.publisher;
const TEXT = { webhook: '1310000000000000001', channel: '1320000000000000001' };
const FORUM = { webhook: '1310000000000000002', channel: '1320000000000000002' };
const GUILD = '1330000000000000001';

describe('Discord adapter against the simulator', () => {
  let h: AdapterHarness;
  const accountOf = (w: typeof TEXT): AccountCredentials =>
    h.account(w.webhook, { webhookId: w.webhook, guildId: GUILD }, w.channel);
  before(async () => {
    h = await startAdapterHarness('discord');
  });
  after(() => h.close());
  beforeEach(() => h.sim.faults.clear());

  it('sends embeds and two files in one multipart call, named in attachments', async () => {
    const ctx = h.context({
      account: accountOf(TEXT),
      content: 'Two pictures',
      mediaItems: [
        { type: 'image', url: h.fixtures.set('/a.png', png(20, 10), 'image/png') },
        { type: 'image', url: h.fixtures.set('/b.png', png(10, 20), 'image/png') },
      ],
      platformSpecificData: { embeds: [{ title: 'Album', fields: [{ name: 'Count', value: '2' }] }] },
    });
    const done = await adapter.publish(ctx);
    assert.equal(done.state, 'published');
    const post = h.sim.state.getPost('discord', done.platformPostId);
    assert.ok(post);
    assert.equal((post.data.attachments as unknown[]).length, 2);
    assert.equal((post.data.embeds as { title: string }[])[0]?.title, 'Album');
    const call = h.sim.calls.list({ platform: 'discord', method: 'POST' }).at(-1);
    assert.equal(call?.query.wait, 'true', 'always ?wait=true, so the message id comes back');
  });

  it("the simulator holds a webhook's files to Discord's media rules: a file over 10 MiB is refused 413 with code 40005; a tall PNG and a WebM are attached", async () => {
    const a = accountOf(TEXT);
    const url = `${h.sim.baseUrl('discord')}/api/v10/webhooks/${TEXT.webhook}/${a.accessToken}?wait=true`;
    const send = async (name: string, bytes: Buffer, type: string) => {
      const form = new FormData();
      form.set('payload_json', JSON.stringify({ content: `file ${name}` }));
      form.set('files[0]', new Blob([new Uint8Array(bytes)], { type }), name);
      const res = await fetch(url, { method: 'POST', body: form });
      return {
        status: res.status,
        body: (await res.json()) as { code?: number; message?: string; id?: string },
      };
    };
    const big = await send('big.png', png(10, 10, 10 * 1024 * 1024 + 1), 'image/png');
    assert.equal(big.status, 413);
    assert.deepEqual([big.body.code, big.body.message], [40005, 'Request entity too large']);
    for (const [name, bytes, type] of [
      ['tall.png', png(1000, 3000), 'image/png'],
      ['clip.webm', mp4Stub(200_000), 'video/webm'],
    ] as const) {
      const ok = await send(name, bytes, type);
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      assert.ok(h.sim.state.getPost('discord', ok.body.id ?? ''));
    }
  });

  it('opens a forum thread with threadName; edit and delete name the thread', async () => {
    const account = accountOf(FORUM);
    const ctx = h.context({ account, content: 'Forum post', platformSpecificData: { threadName: 'Launch' } });
    const done = await adapter.publish(ctx);
    assert.equal(done.state, 'published');
    assert.equal(
      done.platformPostUrl,
      `https://discord.com/channels/${GUILD}/${done.platformPostId}/${done.platformPostId}`,
    );
    await discordEditor.edit({
      account,
      platformPostId: done.platformPostId,
      checkpoint: ctx.stored,
      target: { content: 'Forum post, edited', platformSpecificData: {}, mediaItems: [] },
      changes: { content: true, options: [] },
      baseUrl: ctx.baseUrl,
      platformUrls: ctx.platformUrls,
      signal: AbortSignal.timeout(5000),
      log: ctx.log,
    });
    assert.equal(h.sim.state.getPost('discord', done.platformPostId)?.data.content, 'Forum post, edited');
    await adapter.delete(h.deleteContext(account, done.platformPostId, ctx.stored));
    assert.equal(h.sim.state.getPost('discord', done.platformPostId)?.deleted, true);
  });

  it("says Discord's own refusal of a forum post without threadName", async () => {
    const err = await platformFailure(
      adapter.publish(h.context({ account: accountOf(FORUM), content: 'No title' })),
    );
    assert.equal(err.errorClass, 'permanent');
    assert.match(err.message, /forum channels must have a thread_name/);
  });

  it('an unknown webhook token is auth (reconnect), and the token is in no message', async () => {
    const account = { ...accountOf(TEXT), accessToken: 'not-the-webhook-token' };
    const err = await platformFailure(adapter.publish(h.context({ account, content: 'hello' })));
    assert.equal(err.errorClass, 'auth');
    assert.equal(err.reason, 'token_revoked');
    assert.match(err.message, /Invalid Webhook Token.*connect the channel again/);
    const down = { ...accountOf(TEXT), accessToken: 'secret-webhook-token' };
    const ctx = h.context({ account: down, content: 'hello' });
    const offline = await platformFailure(adapter.publish({ ...ctx, baseUrl: 'http://127.0.0.1:9' }));
    assert.ok(!offline.message.includes('secret-webhook-token'), offline.message);
  });
});
