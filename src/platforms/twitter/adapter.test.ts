/**
 * The X adapter against the simulator over real HTTP: what is X's own (options,
 * chunked media, threads, reconcile by text as X rewrites it). The error classes,
 * lost creates, crash resume and delete every publisher shares are in
 * conformance.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { gif, mp4Stub, png } from '../../media/testing.ts';
import type { AccountCredentials } from '../contract.ts';
import { type AdapterHarness, platformFailure, startAdapterHarness } from '../shared/testing.ts';
import { twitterModule } from './index.ts';

const USER = '1500000000000000001';
const adapter = twitterModule.publisher;

describe('X adapter against the simulator', () => {
  let h: AdapterHarness;
  let account: AccountCredentials;
  before(async () => {
    h = await startAdapterHarness('twitter');
    h.sim.state.collection('twitter', 'settings').set('checkAfterSecs', 0);
  });
  after(() => h.close());
  beforeEach(() => {
    h.sim.faults.clear();
    account = h.account(USER, { username: 'sim_x_user' });
  });
  const tweets = () => h.sim.state.listPosts('twitter', { account: USER });
  const tweet = (id: string) => h.sim.state.getPost('twitter', id)?.data as Record<string, unknown>;

  it('publishes text and builds the real post URL', async () => {
    const ctx = h.context({ account, content: 'Hello from the adapter' });
    const result = await adapter.publish(ctx);
    assert.match(result.platformPostId, /^\d{19}$/);
    assert.equal(result.platformPostUrl, `https://x.com/sim_x_user/status/${result.platformPostId}`);
    assert.equal(tweet(result.platformPostId).text, 'Hello from the adapter');
    // One create, with the unit in flight recorded by it; a one-tweet post checkpoints nothing
    // else (its id is the result).
    assert.deepEqual(
      ctx.creates.map((c) => (c.inFlight as { unit: number }).unit),
      [0],
    );
    assert.deepEqual(ctx.stored.inFlight, ctx.creates[0]?.inFlight);
    assert.equal(ctx.stored.tweets, undefined);
    assert.equal(ctx.stored.media, undefined);
    const noName = await adapter.publish(
      h.context({ account: h.account(USER), content: 'no username known' }),
    );
    assert.equal(noName.platformPostUrl, `https://x.com/i/status/${noName.platformPostId}`);
  });

  it('sends replyToTweetId, communityId with shareWithFollowers, replySettings and polls', async () => {
    const parent = await adapter.publish(h.context({ account, content: 'parent tweet' }));
    const reply = await adapter.publish(
      h.context({
        account,
        content: 'a reply in a community',
        platformSpecificData: {
          replyToTweetId: parent.platformPostId,
          communityId: '1234567890',
          shareWithFollowers: true,
          replySettings: 'following',
        },
      }),
    );
    assert.deepEqual(tweet(reply.platformPostId), {
      text: 'a reply in a community',
      reply: { in_reply_to_tweet_id: parent.platformPostId },
      community_id: '1234567890',
      share_with_followers: true,
      reply_settings: 'following',
    });
    const poll = await adapter.publish(
      h.context({
        account,
        content: 'Which one?',
        platformSpecificData: { poll: { options: ['A', 'B', 'C'], durationMinutes: 60 } },
      }),
    );
    assert.deepEqual(tweet(poll.platformPostId).poll, { options: ['A', 'B', 'C'], duration_minutes: 60 });
  });

  it('uploads images, a GIF and a video through the chunked upload with processing status', async () => {
    const a = h.fixtures.set('/x/a.png', png(100, 80), 'image/png');
    const b = h.fixtures.set('/x/b.png', png(90, 90), 'image/png');
    h.sim.calls.clear();
    const images = await adapter.publish(
      h.context({
        account,
        content: 'two images',
        mediaItems: [
          { type: 'image', url: a },
          { type: 'image', url: b },
        ],
      }),
    );
    assert.equal((tweet(images.platformPostId).media as { media_ids: string[] }).media_ids.length, 2);
    assert.equal(h.sim.calls.count({ path: '/2/media/upload/initialize' }), 2);

    const g = h.fixtures.set('/x/anim.gif', gif(320, 240), 'image/gif');
    const withGif = await adapter.publish(
      h.context({ account, content: 'a gif', mediaItems: [{ type: 'gif', url: g }] }),
    );
    assert.equal((tweet(withGif.platformPostId).media as { media_ids: string[] }).media_ids.length, 1);
    const init = h.sim.calls.last({ path: '/2/media/upload/initialize' });
    assert.equal((init?.body as { media_category?: string } | undefined)?.media_category, 'tweet_gif');

    h.sim.calls.clear();
    const v = h.fixtures.set('/x/clip.mp4', mp4Stub(9 * 1024 * 1024), 'video/mp4');
    const withVideo = await adapter.publish(
      h.context({ account, content: 'a video', mediaItems: [{ type: 'video', url: v }] }),
    );
    assert.ok(withVideo.platformPostId);
    assert.equal(h.sim.calls.count({ path: /\/append$/ }), 3, 'a 9 MB video goes in three 4 MB segments');
    assert.equal(
      h.sim.calls.count({ path: '/2/media/upload', method: 'GET' }),
      2,
      'STATUS polled until succeeded',
    );
  });

  it('fails the target when X can not process the media', async () => {
    const settings = h.sim.state.collection('twitter', 'settings');
    settings.set('failProcessing', true);
    try {
      const v = h.fixtures.set('/x/bad.mp4', mp4Stub(1024), 'video/mp4');
      const err = await platformFailure(
        adapter.publish(
          h.context({ account, content: 'bad video', mediaItems: [{ type: 'video', url: v }] }),
        ),
      );
      assert.equal(err.errorClass, 'permanent');
      // X's v2 description gives a failed processing_info its state only (no `error` field).
      assert.match(err.message, /media item 1 could not be processed: processing failed/);
    } finally {
      settings.delete('failProcessing');
    }
  });

  it('fails the target with the rule when X refuses an image at finalize, and posts nothing', async () => {
    const wide = h.fixtures.set('/x/wide.png', png(9000, 100), 'image/png');
    const content = `too wide ${Date.now()}`;
    const err = await platformFailure(
      adapter.publish(h.context({ account, content, mediaItems: [{ type: 'image', url: wide }] })),
    );
    assert.equal(err.errorClass, 'permanent');
    assert.match(err.message, /9000×100; X posts must be at most 8192 px on the longest side/);
    assert.equal(h.sim.countPosts('twitter', { where: (p) => p.data.text === content }), 0);
  });

  it('posts a thread as a reply chain and resumes with the first missing item', async () => {
    const before = tweets().length;
    const threadItems = [{ content: 'thread part 2' }, { content: 'thread part 3' }];
    const first = h.context({ account, content: 'thread part 1', platformSpecificData: { threadItems } });
    // Once the root's id is checkpointed, X answers the next create with a 503.
    const save = first.saveCheckpoint.bind(first);
    first.saveCheckpoint = async (patch) => {
      await save(patch);
      if (patch.tweets)
        h.sim.faults.add({ platform: 'twitter', method: 'POST', path: '/2/tweets', status: 503, times: 1 });
    };
    const err = await platformFailure(adapter.publish(first));
    assert.equal(err.errorClass, 'unknown_outcome', 'a 5xx answer to a create call may hide a created tweet');
    assert.equal(Object.keys(first.stored.tweets as object).length, 1);
    assert.deepEqual(await adapter.reconcile(h.resume(first)), { state: 'absent' });
    const second = h.resume(first);
    const result = await adapter.publish(second);
    const ids = second.stored.tweets as Record<string, string>;
    assert.equal(result.platformPostId, ids[0]);
    assert.equal(tweets().length - before, 3, 'each thread item exists once');
    assert.deepEqual(
      second.creates.map((c) => (c.inFlight as { unit: number }).unit),
      [1, 2],
      'the resumed job did not create the root again',
    );
    assert.equal((tweet(ids[1] ?? '').reply as Record<string, string>).in_reply_to_tweet_id, ids[0]);
    assert.equal((tweet(ids[2] ?? '').reply as Record<string, string>).in_reply_to_tweet_id, ids[1]);
  });

  it('reconciles a create whose answer was lost by finding the tweet (links and entities as X returns them)', async () => {
    const content = `Read https://example.com/a?b=1 & more <now> ${Date.now()}`;
    h.sim.faults.add({
      platform: 'twitter',
      method: 'POST',
      path: '/2/tweets',
      dropAfterCommit: 'reset',
      times: 1,
    });
    const ctx = h.context({ account, content });
    const err = await platformFailure(adapter.publish(ctx));
    assert.equal(err.errorClass, 'unknown_outcome');
    const found = await adapter.reconcile(h.resume(ctx));
    assert.equal(found.state, 'published');
    const match = tweets().filter((t) => t.data.text === content);
    assert.equal(match.length, 1);
    assert.deepEqual(found, {
      state: 'published',
      platformPostId: match[0]?.id,
      platformPostUrl: `https://x.com/sim_x_user/status/${match[0]?.id}`,
    });
  });

  it('fails for good, naming the item, when a media URL can not be fetched', async () => {
    const missingMedia = await platformFailure(
      adapter.publish(
        h.context({
          account,
          content: 'x',
          mediaItems: [{ type: 'image', url: `${h.fixtures.url}/missing.png` }],
        }),
      ),
    );
    assert.equal(missingMedia.errorClass, 'permanent');
    assert.match(missingMedia.message, /^media item 1 .* could not be fetched: HTTP 404$/);
  });

  /** Publishes a root with two thread items; answers the root id, every tweet id by unit and the checkpoint. */
  const publishThread = async (text: string) => {
    const threadItems = [{ content: `${text}, part 2` }, { content: `${text}, part 3` }];
    const ctx = h.context({ account, content: `${text}, part 1`, platformSpecificData: { threadItems } });
    const result = await adapter.publish(ctx);
    const ids = ctx.stored.tweets as Record<string, string>;
    return { rootId: result.platformPostId, ids: [0, 1, 2].map((i) => ids[i] ?? ''), checkpoint: ctx.stored };
  };
  const isDeleted = (id: string) => h.sim.state.getPost('twitter', id)?.deleted === true;

  it('deletes every tweet of a thread, the last reply first and the root last', async () => {
    const { rootId, ids, checkpoint } = await publishThread('a thread to delete');
    assert.equal(rootId, ids[0]);
    h.sim.calls.clear();
    await adapter.delete(h.deleteContext(account, rootId, checkpoint));
    assert.deepEqual(
      h.sim.calls.list({ method: 'DELETE' }).map((c) => [c.path, c.status]),
      [ids[2], ids[1], ids[0]].map((id) => [`/2/tweets/${id}`, 200]),
    );
    assert.deepEqual(ids.map(isDeleted), [true, true, true]);
  });

  it('deletes a thread whose parts are partly gone already, and its root when the checkpoint lacks it', async () => {
    const { rootId, ids, checkpoint } = await publishThread('a thread partly gone');
    h.sim.state.deletePost('twitter', ids[1] ?? '');
    const { 0: _root, ...items } = checkpoint.tweets as Record<string, string>;
    await adapter.delete(h.deleteContext(account, rootId, { ...checkpoint, tweets: items }));
    assert.deepEqual(ids.map(isDeleted), [true, true, true]);
    await adapter.delete(h.deleteContext(account, rootId, checkpoint));
  });

  it('names the thread item that could not be deleted and what is still on X; deleting again finishes', async () => {
    const { rootId, ids, checkpoint } = await publishThread('a thread that resists');
    h.sim.faults.add({
      platform: 'twitter',
      method: 'DELETE',
      path: `/2/tweets/${ids[1]}`,
      status: 503,
      body: { title: 'Service Unavailable', detail: 'Service Unavailable', type: 'about:blank', status: 503 },
      times: 1,
    });
    const err = await platformFailure(adapter.delete(h.deleteContext(account, rootId, checkpoint)));
    assert.equal(err.errorClass, 'transient');
    assert.equal(err.status, 503);
    assert.equal(
      err.message,
      'Thread item 1 could not be deleted (X: Service Unavailable); still on X: the post and thread item 1',
    );
    assert.deepEqual(ids.map(isDeleted), [false, false, true], 'the root stays while a reply is left');
    await adapter.delete(h.deleteContext(account, rootId, checkpoint));
    assert.deepEqual(ids.map(isDeleted), [true, true, true]);
  });

  it('validates with X rules (weighted length)', () => {
    const content = '字'.repeat(141);
    const problems = twitterModule.validate(
      { platform: 'twitter', accountId: 'i', content },
      { content, mediaItems: [] },
    );
    assert.equal(problems.length, 1);
    assert.match(problems[0] ?? '', /282/);
  });
});
