/**
 * The engine's first-comment step through the real API and job runner, with a
 * fake publisher and a scripted first-comment capability: failures that may be
 * retried are, and then give up with a warning (published, post partial, one
 * final event); a call whose answer was lost is found instead of repeated; one
 * the platform can not confirm is given up with "check the post"; a refused
 * token is refreshed once and the comment posted.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, beforeEach, it } from 'node:test';
import { fakeAdapter, fakePlatform, insertIntegration } from '../../../test/fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { until } from '../../../test/shared-store.ts';
import { type ErrorClass, PlatformError } from '../../platforms/contract.ts';
import type { FirstCommentFound, PlatformFirstComment } from '../../platforms/first-comment.ts';
import { measureChars } from '../../platforms/first-comment.ts';
import { DEFAULT_REGISTRY, registryWith } from '../../platforms/registry.ts';
import { storedAccounts } from '../integrations/account-access.ts';
import { commentNotPosted, commentUnconfirmed } from './first-comment-outcome.ts';

/** What the scripted platform does on each comment call, in turn ('ok' once the script is used up). */
type CommentStep = 'ok' | { fail: ErrorClass } | { commitThen: ErrorClass };

forEachDatabase('the engine’s first comment', (dialect) => {
  let t: TestService;
  const x = fakePlatform();
  let script: CommentStep[] = [];
  let findAnswer: 'auto' | FirstCommentFound = 'auto';
  let comments: { postId: string; text: string; id: string }[] = [];
  let calls = 0;
  let refreshes = 0;
  let accountId = '';

  const capability: PlatformFirstComment = {
    measure: measureChars(280),
    async post(ctx) {
      calls++;
      const step = script.shift() ?? 'ok';
      if (typeof step === 'object' && 'fail' in step)
        throw new PlatformError(
          step.fail,
          `comment ${step.fail}`,
          step.fail === 'rate_limited' ? { retryAfterMs: 10 } : {},
        );
      const id = `c-${randomUUID().slice(0, 8)}`;
      comments.push({ postId: ctx.platformPostId, text: ctx.text, id });
      if (typeof step === 'object') throw new PlatformError(step.commitThen, 'the answer was lost');
      return id;
    },
    async find(ctx) {
      if (findAnswer !== 'auto') return findAnswer;
      const found = comments.find((c) => c.postId === ctx.platformPostId && c.text === ctx.text);
      return found ? { state: 'found', commentId: found.id } : { state: 'absent' };
    },
  };

  before(async () => {
    t = await startTestService(dialect, {
      settings: {
        JOBS_POLL_MS: '20',
        PUBLISH_WAIT_MS: '200',
        PUBLISH_RETRY_BASE_MS: '20',
        PUBLISH_MAX_ATTEMPTS: '3',
      },
      context: {
        platforms: registryWith(DEFAULT_REGISTRY, {
          twitter: { publisher: fakeAdapter('twitter', x), firstComment: capability },
        }),
        accounts: {
          ...storedAccounts,
          refusedAfterRefresh: async () => {},
          refresh: async () => {
            refreshes++;
            return {
              ok: true,
              access: {
                account: { platformUserId: 'u', accessToken: 'fresh', metadata: {} },
                tokenVersion: 2,
              },
            };
          },
        },
      },
    });
    accountId = await insertIntegration(t.ctx, t.projectId, 'twitter');
  });
  after(() => t.close());
  beforeEach(() => {
    x.script = [];
    script = [];
    findAnswer = 'auto';
    comments = [];
    calls = 0;
    refreshes = 0;
  });

  /** Publishes now with a first comment; answers the settled post and its events. */
  const publish = async (firstComment: string) => {
    const res = await t.request('POST', '/v1/posts', {
      content: `Engine ${randomUUID()}`,
      platforms: [{ platform: 'twitter', accountId }],
      firstComment,
      publishNow: true,
    });
    assert.equal(res.status, 202, res.text);
    const postId = res.body.postId as string;
    const read = async () => (await t.request('GET', `/v1/posts/${postId}`)).body.post;
    await until(async () => ['published', 'partial', 'failed'].includes((await read()).status), 15_000);
    const events = await t.ctx.store.db
      .selectFrom('outbox')
      .select('type')
      .where('post_id', '=', postId)
      .execute();
    return { post: await read(), events: events.map((e) => e.type) };
  };

  it('retries a failing comment, then gives it up: the target stays published with a warning, the post is partial', async () => {
    script = [{ fail: 'transient' }, { fail: 'transient' }, { fail: 'transient' }];
    const { post, events } = await publish('Never lands');
    const [target] = post.platforms;
    assert.equal(post.status, 'partial');
    assert.equal(target.status, 'published');
    assert.match(target.platformPostUrl, /^https:\/\/twitter\.example\/p\//);
    // A failure without a definite refusal may have made the comment: each retry looked first, and
    // the last one can not be ruled out, so the warning says to check rather than "not posted".
    assert.equal(
      target.warningMessage,
      commentUnconfirmed('twitter', 'comment transient (gave up after 3 attempts)'),
    );
    assert.deepEqual(target.firstComment, { status: 'failed' });
    assert.equal(calls, 3);
    assert.deepEqual(events, ['post.partial']);
    assert.equal(x.posts.size >= 1, true);
  });

  it('a comment whose answer was lost is looked for, found, and not posted again', async () => {
    script = [{ commitThen: 'unknown_outcome' }];
    const { post, events } = await publish('Lost answer');
    assert.equal(post.status, 'published');
    assert.equal(calls, 1, 'one comment call');
    assert.equal(comments.length, 1);
    assert.deepEqual(post.platforms[0].firstComment, { status: 'posted', commentId: comments[0]?.id });
    assert.deepEqual(events, ['post.published']);
  });

  it('a comment the platform can not confirm is given up with "check the post", never posted twice', async () => {
    script = [{ commitThen: 'transient' }];
    findAnswer = { state: 'unknown', reason: 'the lookup failed' };
    const { post } = await publish('Unconfirmed');
    assert.equal(post.status, 'partial');
    assert.equal(post.platforms[0].warningMessage, commentUnconfirmed('twitter', 'the lookup failed'));
    assert.equal(calls, 1);
  });

  it('a refused token is refreshed once and the comment posted; a permanent refusal is a warning at once', async () => {
    script = [{ fail: 'auth' }];
    const refreshed = await publish('After a refresh');
    assert.equal(refreshed.post.status, 'published');
    assert.equal(refreshes, 1);
    assert.equal(calls, 2);
    assert.equal(refreshed.post.platforms[0].firstComment.status, 'posted');

    script = [{ fail: 'permanent' }];
    calls = 0;
    const refused = await publish('Refused');
    assert.equal(refused.post.status, 'partial');
    assert.equal(refused.post.platforms[0].warningMessage, commentNotPosted('comment permanent'));
    assert.equal(calls, 1);
  });
});
