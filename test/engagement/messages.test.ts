/**
 * Instagram direct messages through the HTTP API and the simulator, on SQLite and
 * PostgreSQL: conversations (participants, last message, paging), a
 * conversation's messages (newest first, details only for the 20 most recent),
 * sending within the 24-hour window, and the refusals: outside the window 409,
 * someone who never wrote 404, an unknown conversation 404, a missing permission
 * 403, bad input 400.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { addIncomingMessage } from '../../src/simulator/platforms/instagram/messages.ts';
import { forEachDatabase } from '../harness.ts';
import { type EngagementEnv, IG_USER, q, simPost, startEngagementEnv } from './helpers.ts';

forEachDatabase('Instagram direct messages', (dialect) => {
  let env: EngagementEnv;
  before(async () => {
    env = await startEngagementEnv(dialect);
  });
  after(() => env.close());

  const account = () => ({ platform: 'instagram', accountId: env.ids.instagram });
  const send = (recipientId: string, text: string) =>
    env.t.request('POST', '/v1/messages', { ...account(), recipientId, text });

  it('lists conversations with the other participant and the last message, paging by cursor', async () => {
    const { sim, t } = env;
    const now = sim.clock.now();
    addIncomingMessage(sim, IG_USER, {
      from: { id: '7001', username: 'ann' },
      text: 'hello',
      at: now - 60_000,
    });
    const bob = addIncomingMessage(sim, IG_USER, {
      from: { id: '7002', username: 'bob' },
      text: 'price?',
      at: now - 1000,
    });

    const res = await t.request('GET', `/v1/messages?${q(account())}`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.selfId, IG_USER);
    assert.equal(res.body.selfUsername, 'sim_insta');
    const [first, second] = res.body.conversations;
    assert.equal(first.id, bob.id, 'most recent activity first');
    assert.deepEqual(first.participants, [
      { id: '7002', name: null, username: 'bob', profilePictureUrl: null },
    ]);
    assert.equal(first.lastMessage.text, 'price?');
    assert.deepEqual(first.lastMessage.from, { id: '7002', name: 'bob' });
    assert.equal(first.updatedTime, new Date(now - 1000).toISOString().replace(/\.\d+Z$/, '.000Z'));
    assert.equal(second.participants[0].username, 'ann');
    assert.equal(res.body.nextCursor, null);

    const page1 = await t.request('GET', `/v1/messages/?${q({ ...account(), limit: 1 })}`);
    assert.equal(page1.body.conversations.length, 1);
    assert.ok(page1.body.nextCursor);
    const page2 = await t.request(
      'GET',
      `/v1/messages?${q({ ...account(), limit: 1, after: page1.body.nextCursor })}`,
    );
    assert.equal(page2.body.conversations[0].participants[0].username, 'ann');
  });

  it('reads a conversation newest first: text and sender for the 20 most recent only', async () => {
    const { sim, t } = env;
    const start = sim.clock.now() - 3_600_000;
    let c = addIncomingMessage(sim, IG_USER, {
      from: { id: '7100', username: 'chatty' },
      text: 'm0',
      at: start,
    });
    for (let i = 1; i < 25; i++)
      c = addIncomingMessage(sim, IG_USER, {
        from: { id: '7100', username: 'chatty' },
        text: `m${i}`,
        at: start + i * 1000,
      });
    const read = (extra: Record<string, string | number> = {}) =>
      t.request('GET', `/v1/messages/${encodeURIComponent(c.id)}?${q({ ...account(), ...extra })}`);
    const res = await read();
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.messages.length, 25);
    assert.equal(res.body.messages[0].text, 'm24');
    assert.deepEqual(res.body.messages[0].from, { id: '7100', name: 'chatty' });
    assert.equal(res.body.messages[19].text, 'm5');
    assert.equal(res.body.messages[20].text, null, 'older than the 20 most recent: no details');
    assert.equal(res.body.messages[20].from, null);
    assert.ok(res.body.messages[24].timestamp);
    assert.equal(res.body.nextCursor, null);

    const page = await read({ limit: 10 });
    assert.equal(page.body.messages.length, 10);
    const next = await read({ limit: 10, after: page.body.nextCursor });
    assert.equal(next.body.messages[0].text, 'm14');

    const unknown = await t.request('GET', `/v1/messages/nope?${q(account())}`);
    assert.equal(unknown.status, 404, unknown.text);
    assert.equal(unknown.body.success, false);
  });

  it('sends within 24 hours of their last message; later it is 409, to someone who never wrote 404', async () => {
    const { sim, t } = env;
    const c = addIncomingMessage(sim, IG_USER, {
      from: { id: '7200', username: 'dora' },
      text: 'open today?',
    });
    const ok = await send('7200', 'Yes, until 6 pm');
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.success, true);
    assert.equal(c.messages.at(-1)?.id, ok.body.messageId);
    assert.equal(c.messages.at(-1)?.text, 'Yes, until 6 pm');
    const read = await t.request('GET', `/v1/messages/${encodeURIComponent(c.id)}?${q(account())}`);
    assert.deepEqual(read.body.messages[0].from, { id: IG_USER, name: 'sim_insta' });

    sim.clock.advance(25 * 3_600_000);
    const late = await send('7200', 'Are you still there?');
    assert.equal(late.status, 409, late.text);
    assert.match(late.body.message, /24-hour window/);
    assert.equal(c.messages.at(-1)?.text, 'Yes, until 6 pm', 'nothing was sent');

    const stranger = await send('7999', 'hi');
    assert.equal(stranger.status, 404, stranger.text);
  });

  it('the control API lets sandbox users receive messages and comments from other people', async () => {
    const { sim, t } = env;
    const control = (path: string, body: unknown) =>
      fetch(`${sim.url}/_sim/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const written = await control('messages', {
      accountId: IG_USER,
      from: { id: '7400', username: 'fay' },
      text: 'hi there',
    });
    assert.equal(written.status, 201);
    const { conversationId } = (await written.json()) as { conversationId: string };
    const read = await t.request('GET', `/v1/messages/${encodeURIComponent(conversationId)}?${q(account())}`);
    assert.equal(read.body.messages[0].text, 'hi there');
    assert.equal(
      (await control('messages', { accountId: 'nobody', from: { id: '1', username: 'x' }, text: 'x' }))
        .status,
      400,
    );

    const post = simPost(sim, 'instagram');
    const commented = await control('comments', {
      platform: 'instagram',
      postId: post,
      text: 'from the control API',
      author: { id: '7401', name: 'gus' },
    });
    assert.equal(commented.status, 201);
    const listed = await t.request('GET', `/v1/comments?${q({ ...account(), postId: post })}`);
    assert.deepEqual(listed.body.comments[0].author, { id: '7401', name: 'gus' });
    assert.equal(
      (await control('comments', { platform: 'instagram', postId: 'nope', text: 'x' })).status,
      400,
    );
  });

  it('refuses bad input (400), a missing permission (403) and foreign accounts (404)', async () => {
    const { t, connect, sim } = env;
    for (const body of [
      { ...account(), recipientId: '1' },
      { ...account(), recipientId: '1', text: '' },
      { ...account(), recipientId: '1', text: 'x'.repeat(1001) },
      { platform: 'facebook', accountId: env.ids.facebook, recipientId: '1', text: 'x' },
    ]) {
      const res = await t.request('POST', '/v1/messages', body);
      assert.equal(res.status, 400, `${JSON.stringify(body).slice(0, 80)}: ${res.text}`);
    }
    addIncomingMessage(sim, IG_USER, { from: { id: '7300', username: 'emoji' }, text: 'hey' });
    const tooLong = await send('7300', '😀'.repeat(300));
    assert.equal(tooLong.status, 400, `1200 bytes: ${tooLong.text}`);
    assert.equal((await t.request('GET', `/v1/messages?${q({ ...account(), limit: 101 })}`)).status, 400);
    assert.equal(
      (await t.request('GET', `/v1/messages?${q({ platform: 'threads', accountId: env.ids.threads })}`))
        .status,
      400,
    );

    const noScope = await connect('instagram', ['instagram_business_basic'], false);
    const refused = await t.request(
      'GET',
      `/v1/messages?${q({ platform: 'instagram', accountId: noScope })}`,
    );
    assert.equal(refused.status, 403, refused.text);
    assert.match(refused.body.message, /instagram_business_manage_messages.*reconnect/);

    const unknown = await t.request(
      'GET',
      `/v1/messages?${q({ platform: 'instagram', accountId: 'int_nope' })}`,
    );
    assert.equal(unknown.status, 404);
  });
});
