/**
 * The publishing engine through the real API and job runner, with a scripted
 * fake adapter (test/fake-adapter.ts): state machine, post status and its one
 * final event, every error class, the ledger and reconcile, cancel races, refunds.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, it } from 'node:test';
import {
  type FakePlatform,
  fakeAdapter,
  fakePlatform,
  insertIntegration,
} from '../../../test/fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { scriptedRegistry } from '../../../test/scripted-platforms.ts';
import { until } from '../../../test/shared-store.ts';
import { RECURRING_KIND_NAMES } from '../../jobs/kinds.ts';
import { AccountUnavailable, storedAccounts } from '../integrations/account-access.ts';

const FINAL = ['published', 'partial', 'failed'];
/**
 * PUBLISH_PENDING_TIMEOUT_MS of this suite: long enough for a few 30 ms pending
 * rounds to finish well inside it on a loaded machine, short enough for the tests
 * that wait for it.
 */
const PENDING_BOUND_MS = 2000;

forEachDatabase('publishing engine', (dialect) => {
  let t: TestService;
  let x: FakePlatform;
  let bsky: FakePlatform;
  let refreshes = 0;
  let refreshAnswer: 'ok' | 'final' = 'ok';
  let failCredentials: string | null = null;
  /** Loads of the account that fail as a database connection cut by a failover does. */
  let cutCredentials = 0;
  /** Integrations the engine reported as refused even after a refresh (the store would mark them for reconnecting). */
  let refusedAfterRefresh: string[] = [];
  const accounts: Record<string, string> = {};

  before(async () => {
    t = await startTestService(dialect, {
      settings: {
        JOBS_POLL_MS: '20',
        PUBLISH_WAIT_MS: '3000',
        PUBLISH_RETRY_BASE_MS: '20',
        PUBLISH_MAX_ATTEMPTS: '3',
        JOBS_LEASE_MS: '1000',
        PUBLISH_PENDING_TIMEOUT_MS: String(PENDING_BOUND_MS),
      },
      context: {
        platforms: scriptedRegistry(['twitter', 'bluesky'], (p) =>
          p === 'twitter' ? fakeAdapter('twitter', x) : fakeAdapter('bluesky', bsky),
        ),
        accounts: {
          ...storedAccounts,
          // Recorded instead of stored: the suite keeps publishing with the same accounts.
          refusedAfterRefresh: async (_ctx, integrationId) => {
            refusedAfterRefresh.push(integrationId);
          },
          credentials: async (ctx, integrationId) => {
            if (failCredentials) throw new AccountUnavailable(failCredentials, true);
            if (cutCredentials-- > 0)
              throw Object.assign(new Error('terminating connection due to administrator command'), {
                code: '57P01',
              });
            return storedAccounts.credentials(ctx, integrationId);
          },
          refresh: async (_ctx, integrationId) => {
            refreshes++;
            if (refreshAnswer === 'final') return { ok: false, final: true, message: 'invalid_grant' };
            return {
              ok: true,
              access: {
                account: { platformUserId: 'u', accessToken: `fresh-${integrationId}`, metadata: {} },
                tokenVersion: 2,
              },
            };
          },
        },
      },
    });
    for (const platform of ['twitter', 'bluesky'] as const)
      accounts[platform] = await insertIntegration(t.ctx, t.projectId, platform);
  });
  after(() => t.close());
  beforeEach(() => {
    x = fakePlatform();
    bsky = fakePlatform();
    refreshes = 0;
    refreshAnswer = 'ok';
    failCredentials = null;
    cutCredentials = 0;
    refusedAfterRefresh = [];
  });

  const both = () => [
    { platform: 'twitter', accountId: accounts.twitter },
    { platform: 'bluesky', accountId: accounts.bluesky },
  ];
  const publishNow = (platforms = both(), content = 'Hello from the engine') =>
    t.request('POST', '/v1/posts', { content, platforms, publishNow: true });
  const settled = async (postId: string) => {
    await until(async () => {
      const r = await t.request('GET', `/v1/posts/${postId}`);
      return FINAL.includes(r.body.post.status);
    }, 15_000);
    return (await t.request('GET', `/v1/posts/${postId}`)).body.post;
  };
  const events = (postId: string) =>
    t.ctx.store.db
      .selectFrom('outbox')
      .selectAll()
      .where('post_id', '=', postId)
      .orderBy('created_at')
      .execute();
  const refunds = async (postId: string) =>
    (
      await t.ctx.store.db.selectFrom('credit_ledger').selectAll().where('post_id', '=', postId).execute()
    ).filter((e) => e.amount < 0).length;

  it('publishes a publish-now post within the wait and answers with the outcome', async () => {
    const res = await publishNow();
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.status, 'published');
    assert.equal(res.body.success, true);
    for (const p of res.body.platforms)
      assert.match(p.platformPostUrl, /^https:\/\/(twitter|bluesky)\.example\/p\//);
    assert.equal(x.posts.size, 1);
    assert.equal(bsky.posts.size, 1);
    const ev = await events(res.body.postId);
    assert.deepEqual(
      ev.map((e) => e.type),
      ['post.published'],
    );
    const payload = JSON.parse(ev[0]?.payload ?? '{}');
    assert.equal(payload.post.id, res.body.postId);
    assert.equal(payload.post.status, 'published');
    assert.equal(payload.platforms.length, 2);
    assert.equal(payload.wasScheduled, false);
    // Every job of the work finished; only the recurring rows, which never drain, are left.
    const workJobs = () =>
      t.ctx.store.db.selectFrom('jobs').selectAll().where('kind', 'not in', RECURRING_KIND_NAMES).execute();
    await until(async () => (await workJobs()).length === 0);
  });

  it('a scheduled post is announced, then published at its time with one final event', async () => {
    const when = new Date(Date.now() + 1200).toISOString();
    const res = await t.request('POST', '/v1/posts', {
      content: 'Later',
      platforms: both(),
      scheduledFor: when,
    });
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.status, 'scheduled');
    assert.deepEqual(
      (await events(res.body.postId)).map((e) => e.type),
      ['post.scheduled'],
    );
    assert.equal(x.publishCalls, 0);
    const post = await settled(res.body.postId);
    assert.equal(post.status, 'published');
    const lateness = Date.parse(post.platforms[0].publishedAt) - Date.parse(when);
    assert.ok(lateness >= 0 && lateness < 1500, `started ${lateness} ms after scheduledFor`);
    assert.deepEqual(
      (await events(res.body.postId)).map((e) => e.type),
      ['post.scheduled', 'post.published'],
    );
  });

  it('partial when one target fails permanently; the platform message is kept and its credit refunded', async () => {
    x.script = [{ fail: 'permanent', message: 'Status is a duplicate.' }];
    const res = await publishNow();
    assert.equal(res.body.status, 'partial');
    assert.equal(res.body.success, true);
    const tw = res.body.platforms.find((p: { platform: string }) => p.platform === 'twitter');
    assert.equal(tw.success, false);
    assert.equal(tw.error, 'Status is a duplicate.');
    assert.deepEqual(
      (await events(res.body.postId)).map((e) => e.type),
      ['post.partial'],
    );
    assert.equal(await refunds(res.body.postId), 1);
  });

  it('partial when a target publishes with a warning; failed when every target fails', async () => {
    bsky.script = [{ warn: 'thumbnail could not be set' }];
    const warned = await publishNow();
    assert.equal(warned.body.status, 'partial');
    x.script = [{ fail: 'permanent' }];
    bsky.script = [{ fail: 'permanent' }];
    const failed = await publishNow();
    assert.equal(failed.body.status, 'failed');
    assert.equal(failed.body.success, false);
    assert.deepEqual(
      (await events(failed.body.postId)).map((e) => e.type),
      ['post.failed'],
    );
  });

  it('transient errors are retried with backoff, then give up after PUBLISH_MAX_ATTEMPTS', async () => {
    x.script = [{ fail: 'transient' }, { fail: 'transient' }];
    const ok = await publishNow([{ platform: 'twitter', accountId: accounts.twitter }]);
    const post = await settled(ok.body.postId);
    assert.equal(post.status, 'published');
    assert.equal(x.publishCalls, 3);
    x.script = [
      { fail: 'transient', message: 'Over capacity' },
      { fail: 'transient', message: 'Over capacity' },
      { fail: 'transient', message: 'Over capacity' },
    ];
    const bad = await publishNow([{ platform: 'twitter', accountId: accounts.twitter }]);
    const failed = await settled(bad.body.postId);
    assert.equal(failed.status, 'failed');
    assert.match(failed.platforms[0].errorMessage, /Over capacity \(gave up after 3 attempts\)/);
  });

  it('rate limits wait as told and do not use up attempts', async () => {
    x.script = [1, 2, 3, 4].map(() => ({ fail: 'rate_limited' as const, retryAfterMs: 30 }));
    const res = await publishNow([{ platform: 'twitter', accountId: accounts.twitter }]);
    const post = await settled(res.body.postId);
    assert.equal(post.status, 'published');
    assert.equal(x.publishCalls, 5);
  });

  it('an auth error refreshes the token once and retries with the new token; a second one fails', async () => {
    x.script = [{ fail: 'auth' }];
    const res = await publishNow([{ platform: 'twitter', accountId: accounts.twitter }]);
    assert.equal(res.body.status, 'published');
    assert.equal(refreshes, 1);
    assert.deepEqual(x.tokensSeen, ['twitter-token-1', `fresh-${accounts.twitter}`]);
    assert.deepEqual(refusedAfterRefresh, []);

    x.script = [{ fail: 'auth' }, { fail: 'auth', message: 'Unauthorized' }];
    const again = await publishNow([{ platform: 'twitter', accountId: accounts.twitter }]);
    assert.equal(again.body.status, 'failed');
    assert.match(again.body.platforms[0].error, /even after a token refresh: Unauthorized\. Reconnect/);
    assert.equal(refreshes, 2);
    assert.deepEqual(refusedAfterRefresh, [accounts.twitter], 'the account is marked for reconnecting');
  });

  it('a lost answer after the platform committed is reconciled, never created twice', async () => {
    x.script = [{ commitThen: 'unknown_outcome' }];
    const res = await publishNow([{ platform: 'twitter', accountId: accounts.twitter }]);
    const post = await settled(res.body.postId);
    assert.equal(post.status, 'published');
    assert.equal(x.posts.size, 1);
    assert.equal(x.publishCalls, 1);
    assert.equal(x.reconcileCalls, 1);
    assert.equal(post.platforms[0].platformPostId, [...x.posts.values()][0]?.id);
  });

  it('a create that never reached the platform is found absent and made once', async () => {
    x.script = [{ fail: 'unknown_outcome' }];
    // Fails before beginCreate: nothing in flight, so no reconcile is needed either.
    const res = await publishNow([{ platform: 'twitter', accountId: accounts.twitter }]);
    await settled(res.body.postId);
    assert.equal(x.posts.size, 1);
  });

  it('when the platform can not tell, the target fails with a message to check the account', async () => {
    x.script = [{ commitThen: 'unknown_outcome' }];
    x.reconcileScript = [{ unknown: 'the platform offers no lookup' }];
    const res = await publishNow([{ platform: 'twitter', accountId: accounts.twitter }]);
    const post = await settled(res.body.postId);
    assert.equal(post.status, 'failed');
    assert.match(post.platforms[0].errorMessage, /Could not confirm.*Check the account/);
    assert.equal(x.publishCalls, 1);
    assert.equal(await refunds(res.body.postId), 0, 'the post may exist: the credit is kept');
  });

  it('a worker that died mid-create leaves the target to another, which reconciles', async () => {
    let release!: () => void;
    const hang = new Promise<void>((r) => {
      release = r;
    });
    x.script = [{ hang }];
    const res = await publishNow([{ platform: 'twitter', accountId: accounts.twitter }]);
    const postId = res.body.postId;
    await until(async () => {
      const row = await t.ctx.store.db
        .selectFrom('post_targets')
        .select('ledger')
        .where('post_id', '=', postId)
        .executeTakeFirst();
      return (row?.ledger ?? '').includes('createInFlight":{');
    });
    // The worker "dies": its lease is taken away as if it had expired.
    await t.ctx.store.db
      .updateTable('jobs')
      .set({ lease_owner: 'dead', run_at: Date.now() - 1 })
      .where('kind', '=', 'publish_target')
      .execute();
    const post = await settled(postId);
    release();
    assert.equal(post.status, 'published');
    assert.equal(x.reconcileCalls, 1);
    // The first create hung before reaching the platform; the reconcile found nothing, one create followed.
    assert.equal(x.posts.size, 1);
  });

  it('a cancel that wins the race sends nothing; a post being published can no longer be cancelled', async () => {
    const when = new Date(Date.now() + 400).toISOString();
    const res = await t.request('POST', '/v1/posts', {
      content: 'Cancel me',
      platforms: both(),
      scheduledFor: when,
    });
    const cancel = await t.request('DELETE', `/v1/posts/scheduled/${res.body.postId}`);
    assert.equal(cancel.status, 200, cancel.text);
    await new Promise((r) => setTimeout(r, 700));
    assert.equal(x.publishCalls + bsky.publishCalls, 0);
    const post = (await t.request('GET', `/v1/posts/${res.body.postId}`)).body.post;
    assert.equal(post.status, 'draft');
    const cancelled = await t.ctx.store.db
      .selectFrom('post_targets')
      .select('id')
      .where('post_id', '=', res.body.postId)
      .execute();
    const left = await t.ctx.store.db
      .selectFrom('jobs')
      .select('id')
      .where(
        'id',
        'in',
        cancelled.map((c) => `pub_${c.id}`),
      )
      .execute();
    assert.equal(left.length, 0, 'the cancel removed the jobs');

    let release!: () => void;
    x.script = [
      {
        hang: new Promise<void>((r) => {
          release = r;
        }),
      },
    ];
    const soon = new Date(Date.now() + 300).toISOString();
    const busy = await t.request('POST', '/v1/posts', {
      content: 'Busy',
      platforms: both(),
      scheduledFor: soon,
    });
    await until(
      async () => (await t.request('GET', `/v1/posts/${busy.body.postId}`)).body.post.status === 'publishing',
    );
    const late = await t.request('DELETE', `/v1/posts/scheduled/${busy.body.postId}`);
    assert.equal(late.status, 409);
    release();
    assert.equal((await settled(busy.body.postId)).status, 'published');
  });

  it('rescheduling moves the job; an edit replaces the targets and their jobs', async () => {
    const soon = new Date(Date.now() + 1500).toISOString();
    const res = await t.request('POST', '/v1/posts', {
      content: 'Move me',
      platforms: both(),
      scheduledFor: soon,
    });
    const postId = res.body.postId;
    const later = new Date(Date.parse(soon) + 1000).toISOString();
    const moved = await t.request('PATCH', `/v1/posts/scheduled/${postId}`, { scheduledFor: later });
    assert.equal(moved.status, 200, moved.text);
    const before = await t.ctx.store.db
      .selectFrom('post_targets')
      .select('id')
      .where('post_id', '=', postId)
      .execute();
    const jobs = await t.ctx.store.db
      .selectFrom('jobs')
      .selectAll()
      .where(
        'id',
        'in',
        before.map((b) => `pub_${b.id}`),
      )
      .execute();
    assert.equal(jobs.length, 2);
    for (const j of jobs) assert.equal(j.run_at, Date.parse(later));

    const edited = await t.request('PUT', `/v1/posts/scheduled/${postId}`, {
      content: 'Only on X now',
      platforms: [{ platform: 'twitter', accountId: accounts.twitter }],
    });
    assert.equal(edited.status, 200, edited.text);
    const targets = await t.ctx.store.db
      .selectFrom('post_targets')
      .select('id')
      .where('post_id', '=', postId)
      .execute();
    assert.equal(targets.length, 1);
    const job = await t.ctx.store.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', `pub_${targets[0]?.id}`)
      .executeTakeFirst();
    // The removed target's job may linger; it finds no target and ends without a call (asserted below).
    assert.equal(job?.run_at, Date.parse(later));
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(soon) + 300 - Date.now())));
    assert.equal(x.publishCalls, 0, 'nothing went out at the old time');
    const post = await settled(postId);
    assert.equal(post.status, 'published');
    assert.equal(x.posts.size, 1);
    assert.equal([...x.posts.values()][0]?.content, 'Only on X now');
    assert.equal(bsky.publishCalls, 0);
    assert.ok(Date.parse(post.platforms[0].publishedAt) >= Date.parse(later));
  });

  const ledgerOf = async (postId: string) => {
    const row = await t.ctx.store.db
      .selectFrom('post_targets')
      .select('ledger')
      .where('post_id', '=', postId)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.ledger ?? '{}') as {
      transientFailures?: number;
      pendingSince?: string;
      history?: { event: string }[];
    };
  };
  const twitterOnly = () => [{ platform: 'twitter', accountId: accounts.twitter }];

  it('pending answers are looked at again later without using up attempts, then published', async () => {
    // More pending answers than PUBLISH_MAX_ATTEMPTS (3): they are not failures.
    x.script = [1, 2, 3, 4].map(() => ({ pending: 30 }));
    const res = await publishNow(twitterOnly());
    const post = await settled(res.body.postId);
    assert.equal(post.status, 'published');
    assert.equal(x.publishCalls, 5);
    assert.equal(x.posts.size, 1);
    const ledger = await ledgerOf(res.body.postId);
    assert.equal(ledger.transientFailures, undefined);
    assert.ok(ledger.pendingSince);
    assert.equal(ledger.history?.filter((h) => h.event === 'pending').length, 4);
    const cp = await t.ctx.store.db
      .selectFrom('post_targets')
      .select('checkpoint')
      .where('post_id', '=', res.body.postId)
      .executeTakeFirstOrThrow();
    assert.equal(JSON.parse(cp.checkpoint ?? '{}').looks, 4, 'each run continued from the checkpoint');
  });

  it('a target pending past PUBLISH_PENDING_TIMEOUT_MS fails; meanwhile the post stays publishing', async () => {
    x.script = Array.from({ length: 50 }, () => ({ pending: 150, reason: 'container IN_PROGRESS' }));
    const content = `Pending until the bound ${Date.now()}`;
    const answer = publishNow(twitterOnly(), content);
    // While the platform processes, the post reads as publishing (the answer waits PUBLISH_WAIT_MS).
    let postId = '';
    await until(async () => {
      const row = await t.ctx.store.db
        .selectFrom('posts')
        .select('id')
        .where('content', '=', content)
        .executeTakeFirst();
      postId = row?.id ?? '';
      return postId !== '' && ((await ledgerOf(postId)).history ?? []).some((h) => h.event === 'pending');
    });
    assert.equal((await t.request('GET', `/v1/posts/${postId}`)).body.post.status, 'publishing');
    assert.equal((await answer).body.postId, postId);
    const post = await settled(postId);
    assert.equal(post.status, 'failed');
    assert.match(post.platforms[0].errorMessage, /still processing the post after .*container IN_PROGRESS/);
    assert.doesNotMatch(post.platforms[0].errorMessage, /Check the account/);
    const ledger = await ledgerOf(postId);
    const pendingFor = Date.now() - Date.parse(ledger.pendingSince ?? '');
    assert.ok(
      pendingFor >= PENDING_BOUND_MS,
      `failed ${pendingFor} ms after the first pending answer, not before the bound`,
    );
    assert.equal(x.posts.size, 0);
    assert.equal(await refunds(postId), 1, 'the post was never created: refunded');
  });

  it('a create whose status is pending is reconciled until published, never created twice', async () => {
    x.script = [{ pendingAfterCreate: 30 }];
    x.reconcileScript = [{ pending: 30 }, { pending: 30 }];
    const res = await publishNow(twitterOnly());
    const post = await settled(res.body.postId);
    assert.equal(post.status, 'published');
    assert.equal(x.publishCalls, 1);
    assert.equal(x.reconcileCalls, 3);
    assert.equal(x.posts.size, 1);
    assert.equal(post.platforms[0].platformPostId, [...x.posts.values()][0]?.id);
  });

  it('a create still pending at the bound fails with the check-the-account message, no second create', async () => {
    x.script = [{ pendingAfterCreate: 150 }];
    x.reconcileScript = Array.from({ length: 50 }, () => ({ pending: 150 }));
    const res = await publishNow(twitterOnly());
    const post = await settled(res.body.postId);
    assert.equal(post.status, 'failed');
    assert.match(post.platforms[0].errorMessage, /Could not confirm.*still processing.*Check the account/);
    assert.equal(x.publishCalls, 1);
    assert.equal(x.posts.size, 1);
  });

  it('a target that fails before any platform call is refunded', async () => {
    // Accepted with a connected account that can no longer be used when its job runs.
    failCredentials = 'The account needs reconnecting (token_revoked): revoked by the user';
    const res = await publishNow([{ platform: 'twitter', accountId: accounts.twitter }]);
    assert.equal(res.body.status, 'failed');
    assert.match(res.body.platforms[0].error, /needs reconnecting/);
    assert.equal(x.publishCalls, 0);
    assert.equal(await refunds(res.body.postId), 1);
  });

  it('retries a target whose account could not be loaded because the database connection was cut', async () => {
    cutCredentials = 2;
    const res = await publishNow([{ platform: 'twitter', accountId: accounts.twitter }]);
    const post = await settled(res.body.postId);
    assert.equal(post.status, 'published', JSON.stringify(post.platforms));
    assert.equal(x.posts.size, 1);
    assert.ok(cutCredentials < 0, 'both cut loads happened before the one that succeeded');
  });
});
