import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { addIntegration, FUTURE, NEXT_YEAR } from '../../../test/posts-fixtures.ts';
import { scriptedRegistry } from '../../../test/scripted-platforms.ts';
import { addPurchasedCredits } from '../../domain/credits/balance.ts';
import { storedAccounts } from '../../domain/integrations/account-access.ts';
import type { DeleteContext, PlatformPublisher } from '../../platforms/contract.ts';
import type { Platform } from '../../platforms/names.ts';
import { DEFAULT_REGISTRY } from '../../platforms/registry.ts';
import type { Database } from '../../store/schema.ts';

forEachDatabase('posts API: list, delete, scheduled, edit, usage', (dialect) => {
  let t: TestService;
  let tw: string;
  let li: string;
  let bs: string;
  let profileId: string;
  // What deleting from a platform does, per test: the real publishers unless a test scripts its own.
  let publisherOf = (p: Platform): PlatformPublisher | undefined => DEFAULT_REGISTRY[p].publisher;
  let fixedToken: string | null = null;
  const create = async (
    platforms: { platform: string; accountId: string }[],
    extra: Record<string, unknown> = {},
  ) => {
    const res = await t.request('POST', '/v1/posts', {
      content: 'hello',
      platforms,
      scheduledFor: FUTURE,
      ...extra,
    });
    assert.equal(res.status, 202, res.text);
    return res.body.postId as string;
  };
  const used = async () => {
    const b = (await t.request('GET', '/v1/usage')).body.balance;
    return b.monthly.used + b.purchased.used;
  };
  before(async () => {
    t = await startTestService(dialect, {
      // The API alone: posts stay as the API stored them (no worker publishes them).
      settings: {
        MONTHLY_CREDITS: '40',
        ROLE: 'api',
        PUBLISH_WAIT_MS: '0',
        SIMULATOR_URL: 'http://127.0.0.1:9',
      },
      context: {
        platforms: scriptedRegistry(['twitter', 'bluesky'], (p) => publisherOf(p)),
        accounts: {
          ...storedAccounts,
          credentials: async (ctx, id) =>
            fixedToken
              ? { account: { platformUserId: 'u', accessToken: fixedToken, metadata: {} }, tokenVersion: 0 }
              : storedAccounts.credentials(ctx, id),
        },
      },
    });
    profileId = (await t.request('POST', '/v1/profiles', { name: 'P' })).body.profile.id;
    tw = await addIntegration(t.ctx, t.projectId, 'twitter', { profileId });
    li = await addIntegration(t.ctx, t.projectId, 'linkedin');
    bs = await addIntegration(t.ctx, t.projectId, 'bluesky', { profileId });
  });
  after(() => t.close());

  it('lists with every filter', async () => {
    const a = await create([{ platform: 'twitter', accountId: tw }], {
      scheduledFor: `${NEXT_YEAR}-01-01T00:00:00Z`,
    });
    const b = await create([{ platform: 'linkedin', accountId: li }], {
      scheduledFor: `${NEXT_YEAR}-02-01T00:00:00Z`,
    });
    const c = await create(
      [
        { platform: 'bluesky', accountId: bs },
        { platform: 'linkedin', accountId: li },
      ],
      {
        scheduledFor: `${NEXT_YEAR}-03-01T00:00:00Z`,
      },
    );
    const ids = async (q: string) => {
      const res = await t.request('GET', `/v1/posts${q}`);
      assert.equal(res.status, 200, res.text);
      return (res.body.posts as { postId: string }[]).map((p) => p.postId);
    };
    assert.deepEqual(await ids(''), [c, b, a]);
    assert.deepEqual(await ids('?sort=asc'), [a, b, c]);
    assert.deepEqual(await ids('?platform=twitter'), [a]);
    assert.deepEqual(await ids('?platform=twitter&platform=bluesky'), [c, a]);
    assert.deepEqual(await ids(`?profileId=${profileId}`), [c, a]);
    assert.deepEqual(await ids('?profileId=null'), [c, b]);
    assert.deepEqual(
      await ids(`?scheduledAfter=${NEXT_YEAR}-01-15T00:00:00Z&scheduledBefore=${NEXT_YEAR}-02-15T00:00:00Z`),
      [b],
    );
    assert.deepEqual(await ids('?status=scheduled&limit=1&offset=1'), [b]);
    assert.deepEqual(await ids('?status=published'), []);
    const future = new Date(Date.now() + 3600_000).toISOString();
    assert.deepEqual(await ids(`?createdAfter=${future}`), []);
    assert.deepEqual(await ids(`?createdBefore=${future}&limit=2`), [c, b]);
    const page = await t.request('GET', '/v1/posts?limit=1');
    assert.equal(page.body.total, 3);
    for (const q of [
      '?limit=0',
      '?limit=101',
      '?offset=-1',
      '?status=done',
      '?platform=myspace',
      '?sort=up',
      '?createdAfter=yesterday',
    ])
      assert.equal((await t.request('GET', `/v1/posts${q}`)).status, 400, q);
    // The scheduled list is soonest first.
    const sched = await t.request('GET', '/v1/posts/scheduled?limit=2');
    assert.deepEqual(
      sched.body.posts.map((p: { postId: string }) => p.postId),
      [a, b],
    );
    assert.equal(sched.body.total, 3);
    for (const id of [a, b, c]) await t.request('DELETE', `/v1/posts/${id}`);
  });

  it('cancels, reschedules and edits a scheduled post, moving credits exactly', async () => {
    const start = await used();
    const id = await create([
      { platform: 'twitter', accountId: tw },
      { platform: 'linkedin', accountId: li },
    ]);
    assert.equal(await used(), start + 2);

    const moved = await t.request('PATCH', `/v1/posts/scheduled/${id}`, {
      scheduledFor: `${NEXT_YEAR}-09-01T12:00`,
      timezone: 'Asia/Tokyo',
    });
    assert.deepEqual(moved.body, {
      success: true,
      message: `Post rescheduled for ${NEXT_YEAR}-09-01T03:00:00.000Z`,
      scheduledFor: `${NEXT_YEAR}-09-01T03:00:00.000Z`,
    });
    assert.equal(
      (await t.request('PATCH', `/v1/posts/scheduled/${id}`, { scheduledFor: '2001-01-01T00:00:00Z' }))
        .status,
      400,
    );
    assert.equal(
      (
        await t.request('PATCH', `/v1/posts/scheduled/${id}`, {
          scheduledFor: FUTURE,
          timezone: 'Nowhere/None',
        })
      ).status,
      400,
    );
    assert.equal(
      (await t.request('PATCH', '/v1/posts/scheduled/post_nope', { scheduledFor: FUTURE })).status,
      404,
    );

    // Edit: drop linkedin, add bluesky and keep twitter → no net change.
    const edit = await t.request('PUT', `/v1/posts/scheduled/${id}`, {
      content: 'edited',
      platforms: [
        { platform: 'twitter', accountId: tw },
        { platform: 'bluesky', accountId: bs, content: 'for bluesky' },
      ],
    });
    assert.equal(edit.status, 200, edit.text);
    assert.deepEqual(edit.body, {
      success: true,
      message: 'Scheduled post updated; no credits changed',
      postId: id,
      scheduledFor: `${NEXT_YEAR}-09-01T03:00:00.000Z`,
    });
    assert.equal(await used(), start + 2);
    const p = (await t.request('GET', `/v1/posts/${id}`)).body.post;
    assert.equal(p.content, 'edited');
    assert.deepEqual(
      p.platforms.map((x: { platform: string; content: string }) => [x.platform, x.content]),
      [
        ['twitter', null],
        ['bluesky', 'for bluesky'],
      ],
    );
    // Adding a target charges one more; invalid edits change nothing.
    const three = {
      content: 'x',
      platforms: [
        { platform: 'twitter', accountId: tw },
        { platform: 'bluesky', accountId: bs },
        { platform: 'linkedin', accountId: li },
      ],
    };
    assert.equal((await t.request('PUT', `/v1/posts/scheduled/${id}`, three)).status, 200);
    assert.equal(await used(), start + 3);
    const bad = await t.request('PUT', `/v1/posts/scheduled/${id}`, {
      content: 'x'.repeat(400),
      platforms: [{ platform: 'bluesky', accountId: bs }],
    });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /platforms\[0\] \(bluesky\): the post's content is 400 graphemes/);
    const stale = await addIntegration(t.ctx, t.projectId, 'linkedin', { authStatus: 'revoked' });
    const forbidden = await t.request('PUT', `/v1/posts/scheduled/${id}`, {
      content: 'x',
      platforms: [{ platform: 'linkedin', accountId: stale }],
    });
    assert.equal(forbidden.status, 403);
    assert.equal((await t.request('PUT', '/v1/posts/scheduled/post_nope', three)).status, 404);
    assert.equal(await used(), start + 3);

    const cancel = await t.request('DELETE', `/v1/posts/scheduled/${id}`);
    assert.deepEqual(cancel.body, {
      success: true,
      message: 'Scheduled post cancelled; it is now a draft and 3 credits were refunded',
    });
    assert.equal(await used(), start);
    const draft = (await t.request('GET', `/v1/posts/${id}`)).body.post;
    assert.equal(draft.status, 'draft');
    assert.ok(draft.platforms.every((x: { status: string }) => x.status === 'draft'));
    // No longer scheduled: 409 for cancel, reschedule and edit.
    for (const [m, body] of [
      ['DELETE', undefined],
      ['PATCH', { scheduledFor: FUTURE }],
      ['PUT', three],
    ] as const) {
      const res = await t.request(m, `/v1/posts/scheduled/${id}`, body);
      assert.equal(res.status, 409, `${m} ${res.text}`);
      assert.match(res.body.message, /is draft, no longer scheduled/);
    }
    assert.equal((await t.request('DELETE', '/v1/posts/scheduled/post_nope')).status, 404);
  });

  it('answers 402 when an edit adds targets the project can not pay for', async () => {
    const id = await create([{ platform: 'twitter', accountId: tw }]);
    const left = 40 - (await used());
    // Spend all but nothing: fill the allowance with other posts.
    for (let i = 0; i < left; i++) await create([{ platform: 'twitter', accountId: tw }]);
    const more = await t.request('PUT', `/v1/posts/scheduled/${id}`, {
      content: 'x',
      platforms: [
        { platform: 'twitter', accountId: tw },
        { platform: 'linkedin', accountId: li },
      ],
    });
    assert.equal(more.status, 402);
    assert.match(more.body.message, /Not enough credits/);
    const create402 = await t.request('POST', '/v1/posts', {
      content: 'x',
      platforms: [{ platform: 'twitter', accountId: tw }],
      publishNow: true,
    });
    assert.equal(create402.status, 402);
    assert.equal(await used(), 40);
    // Purchased credits lift the limit.
    await addPurchasedCredits(t.ctx, t.projectId, 5);
    const ok = await t.request('PUT', `/v1/posts/scheduled/${id}`, {
      content: 'x',
      platforms: [
        { platform: 'twitter', accountId: tw },
        { platform: 'linkedin', accountId: li },
      ],
    });
    assert.equal(ok.status, 200);
    const b = (await t.request('GET', '/v1/usage')).body.balance;
    assert.deepEqual(b.purchased, { total: 5, used: 1, remaining: 4 });
    assert.equal(b.monthly.remaining, 0);
  });

  it('deletes posts: locally with refunds, refuses one being published, and deletes from platforms through adapters', async () => {
    await addPurchasedCredits(t.ctx, t.projectId, 20);
    const before = await used();
    const id = await create([{ platform: 'twitter', accountId: tw }]);
    const del = await t.request('DELETE', `/v1/posts/${id}`);
    assert.deepEqual(del.body, { success: true, creditsCharged: 0, platforms: [] });
    assert.equal(await used(), before);
    assert.equal((await t.request('GET', `/v1/posts/${id}`)).status, 404);
    assert.equal((await t.request('DELETE', `/v1/posts/${id}`)).status, 404);

    const busy = await t.request('POST', '/v1/posts', {
      content: 'now',
      platforms: [{ platform: 'twitter', accountId: tw }],
      publishNow: true,
    });
    const refused = await t.request('DELETE', `/v1/posts/${busy.body.postId}`);
    assert.equal(refused.status, 409);
    assert.match(refused.body.message, /is being published/);

    // A post published on two platforms (as the engine would record it).
    const pub = await create([
      { platform: 'twitter', accountId: tw },
      { platform: 'bluesky', accountId: bs },
    ]);
    await t.ctx.store.db.updateTable('posts').set({ status: 'published' }).where('id', '=', pub).execute();
    await t.ctx.store.db
      .updateTable('post_targets')
      .set((eb) => ({ status: 'published', platform_post_id: eb.ref('id') }))
      .where('post_id', '=', pub)
      .execute();
    const mid = await used();
    // No publisher in the module: each target says so, nothing is charged, the post stays.
    publisherOf = () => undefined;
    const none = await t.request('DELETE', `/v1/posts/${pub}?deleteFromPlatforms=true`);
    assert.equal(none.status, 200);
    assert.equal(none.body.success, false);
    assert.equal(none.body.creditsCharged, 0);
    assert.equal(none.body.platforms[0].status, 'failed');
    assert.match(none.body.platforms[0].errorMessage, /the twitter module has no publisher/);
    assert.equal(await used(), mid);
    assert.equal((await t.request('GET', `/v1/posts/${pub}`)).status, 200);

    const calls: string[] = [];
    let blueskyRefuses = true;
    const notCalled = async (): Promise<never> => {
      throw new Error('only delete is called here');
    };
    publisherOf = (platform) => ({
      publish: notCalled,
      reconcile: notCalled,
      delete: async (d) => {
        calls.push(`${platform}:${d.platformPostId}`);
        if (platform === 'bluesky' && blueskyRefuses) {
          blueskyRefuses = false;
          throw new Error('Bluesky said no');
        }
      },
    });
    fixedToken = 'tok';
    try {
      const partly = await t.request('DELETE', `/v1/posts/${pub}?deleteFromPlatforms=true`);
      assert.equal(partly.body.creditsCharged, 1);
      assert.equal(await used(), mid + 1);
      const all = await t.request('DELETE', `/v1/posts/${pub}?deleteFromPlatforms=true`);
      assert.equal(all.status, 200, all.text);
      assert.equal(all.body.success, true);
      assert.ok(all.body.platforms.every((p: { success: boolean }) => p.success));
      assert.equal((await t.request('GET', `/v1/posts/${pub}`)).status, 404);
    } finally {
      publisherOf = (p) => DEFAULT_REGISTRY[p].publisher;
      fixedToken = null;
    }
    assert.equal((await t.request('DELETE', `/v1/posts/${pub}?deleteFromPlatforms=maybe`)).status, 400);

    // The publisher comes from the context's registry, the base URL from the settings, the token from account access.
    const second = await create([{ platform: 'twitter', accountId: tw }]);
    await t.ctx.store.db.updateTable('posts').set({ status: 'published' }).where('id', '=', second).execute();
    await t.ctx.store.db
      .updateTable('post_targets')
      .set({
        status: 'published',
        platform_post_id: '1234',
        // Published as a thread: the adapter's checkpoint holds every part's id.
        checkpoint: JSON.stringify({ tweets: { 0: '1234', 1: '1235', 2: '1236' } }),
      })
      .where('post_id', '=', second)
      .execute();
    const seen: string[] = [];
    const checkpoints: unknown[] = [];
    const fake: PlatformPublisher = {
      publish: notCalled,
      reconcile: notCalled,
      delete: async (d: DeleteContext) => {
        seen.push(`${d.platformPostId}@${d.baseUrl} ${d.account.accessToken}`);
        checkpoints.push(d.checkpoint);
      },
    };
    publisherOf = (p) => (p === 'twitter' ? fake : undefined);
    fixedToken = 'tok';
    try {
      const res = await t.request('DELETE', `/v1/posts/${second}?deleteFromPlatforms=true`);
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body, {
        success: true,
        creditsCharged: 1,
        platforms: [
          {
            platform: 'twitter',
            integrationId: tw,
            platformPostId: '1234',
            status: 'deleted',
            success: true,
            message: 'Deleted from twitter',
          },
        ],
      });
      assert.deepEqual(seen, ['1234@http://127.0.0.1:9/twitter tok']);
      assert.deepEqual(checkpoints, [{ tweets: { 0: '1234', 1: '1235', 2: '1236' } }]);
    } finally {
      publisherOf = (p) => DEFAULT_REGISTRY[p].publisher;
      fixedToken = null;
    }
  });

  it('reports usage per month and platform, filtered by profile or integration', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const all = (await t.request('GET', '/v1/usage')).body;
    assert.equal(all.success, true);
    assert.equal(all.usage.length, 1);
    assert.equal(all.usage[0].year, Number(month.slice(0, 4)));
    assert.equal(all.totalUsage, all.usage[0].count);
    // Publishing by platform adds up to categories.publishing; the categories (deletions here too) to the total.
    const add = (o: Record<string, number>) => Object.values(o).reduce((n, v) => n + v, 0);
    assert.equal(add(all.usage[0].platform), all.usage[0].categories.publishing);
    assert.ok(all.usage[0].categories.deletion > 0, 'the deletes from platforms above');
    assert.equal(add(all.usage[0].categories), all.totalUsage);
    const byProfile = (await t.request('GET', `/v1/usage?profileId=${profileId}`)).body;
    assert.equal(byProfile.usage[0].platform.linkedin, undefined);
    const byLinkedIn = (await t.request('GET', `/v1/usage?integrationId=${li}`)).body;
    // The balance is the project's: filtered answers do not carry it.
    assert.equal('balance' in byProfile, false);
    assert.equal('balance' in byLinkedIn, false);
    assert.ok(all.balance);
    assert.deepEqual(Object.keys(byLinkedIn.usage[0].platform), ['linkedin']);
    assert.equal(byProfile.totalUsage + byLinkedIn.totalUsage, all.totalUsage);
    assert.deepEqual((await t.request('GET', '/v1/usage?from=2000-01&to=2000-12')).body.usage, []);
    const both = await t.request('GET', `/v1/usage?profileId=${profileId}&integrationId=${li}`);
    assert.equal(both.status, 400);
    assert.match(both.body.message, /mutually exclusive/);
    assert.equal((await t.request('GET', '/v1/usage/')).status, 200);
    assert.equal((await t.request('GET', '/v1/posts/scheduled/')).status, 200);
    assert.equal((await t.request('GET', '/v1/usage', undefined, { 'x-access-key': '' })).status, 401);
    assert.equal((await t.request('GET', '/v1/usage?from=2026-13')).status, 400);
    assert.equal((await t.request('GET', '/v1/usage?to=2026-1')).status, 400);
    const b = all.balance;
    assert.equal(b.monthly.limit, 40);
    assert.match(b.monthly.cycleStart, new RegExp(`^${month}-01T00:00:00.000Z$`));
  });

  it('answers 503 when the database can not be reached', async () => {
    const real = t.ctx.store.db;
    const dead = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: 'postgres://x@127.0.0.1:1/x', connectionTimeoutMillis: 500 }),
      }),
    });
    t.ctx.store.db = dead;
    try {
      const res = await t.request('PUT', '/v1/posts/scheduled/post_x', {
        content: 'x',
        platforms: [{ platform: 'twitter', accountId: tw }],
      });
      assert.equal(res.status, 503);
      assert.equal(res.headers['retry-after'], '5');
      assert.deepEqual(res.body, {
        success: false,
        message: 'The database is unavailable right now; retry shortly',
      });
    } finally {
      t.ctx.store.db = real;
      await dead.destroy();
    }
  });
});
