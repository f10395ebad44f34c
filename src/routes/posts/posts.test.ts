import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { addIntegration, FUTURE, NEXT_YEAR, postTablesSnapshot } from '../../../test/posts-fixtures.ts';
import { createProject } from '../../domain/projects/projects.ts';

forEachDatabase('posts API: create and read', (dialect) => {
  let t: TestService;
  let tw: string;
  let li: string;
  let pin: string;
  let profileId: string;
  before(async () => {
    // The API alone: posts stay as the API stored them (no worker publishes them).
    t = await startTestService(dialect, { settings: { ROLE: 'api', PUBLISH_WAIT_MS: '0' } });
    profileId = (await t.request('POST', '/v1/profiles', { name: 'Brand' })).body.profile.id;
    tw = await addIntegration(t.ctx, t.projectId, 'twitter', { profileId });
    li = await addIntegration(t.ctx, t.projectId, 'linkedin');
    pin = await addIntegration(t.ctx, t.projectId, 'pinterest');
  });
  after(() => t.close());

  it('creates a scheduled two-target post (202) and reads it back as the Post record', async () => {
    const body = {
      content: 'Hello world',
      mediaItems: [{ type: 'image', url: 'https://cdn.example.com/a/photo.jpg' }],
      platforms: [
        { platform: 'twitter', accountId: tw, platformSpecificData: { replySettings: 'following' } },
        { platform: 'linkedin', accountId: li, content: 'Hello LinkedIn' },
      ],
      scheduledFor: FUTURE,
    };
    const res = await t.request('POST', '/v1/posts', body);
    assert.equal(res.status, 202, res.text);
    assert.match(res.body.postId, /^post_/);
    assert.deepEqual(res.body, {
      success: true,
      status: 'scheduled',
      postId: res.body.postId,
      scheduledFor: `${NEXT_YEAR}-06-01T09:00:00.000Z`,
      platforms: [
        { platform: 'twitter', integrationId: tw, success: true },
        { platform: 'linkedin', integrationId: li, success: true },
      ],
    });
    const read = await t.request('GET', `/v1/posts/${res.body.postId}`);
    assert.equal(read.status, 200);
    const p = read.body.post;
    assert.deepEqual(Object.keys(p).sort(), [
      'content',
      'createdAt',
      'crosspostingEnabled',
      'mediaItems',
      'platforms',
      'postId',
      'rawRequestBody',
      'scheduledFor',
      'status',
      'timezone',
      'updatedAt',
    ]);
    assert.equal(p.status, 'scheduled');
    assert.equal(p.timezone, 'UTC');
    assert.equal(p.crosspostingEnabled, true);
    assert.deepEqual(p.rawRequestBody, body);
    assert.deepEqual(p.mediaItems, [
      {
        type: 'image',
        url: 'https://cdn.example.com/a/photo.jpg',
        filename: 'photo.jpg',
        // The server can not be reached from here: the type is the file name's, the size not known yet.
        size: 0,
        mimeType: 'image/jpeg',
      },
    ]);
    assert.deepEqual(p.platforms[1], {
      platform: 'linkedin',
      integrationId: li,
      status: 'scheduled',
      content: 'Hello LinkedIn',
      platformPostId: null,
      platformPostUrl: null,
      publishedAt: null,
      errorMessage: null,
      warningMessage: null,
    });
    // No override: null, the top-level content applies.
    assert.equal(p.platforms[0].content, null);
    const usage = await t.request('GET', '/v1/usage');
    assert.equal(usage.body.balance.monthly.used, 2);
  });

  it('stores a publish-now post as publishing (its targets pending their job), without scheduledFor', async () => {
    const res = await t.request('POST', '/v1/posts/', {
      content: 'now',
      platforms: [{ platform: 'twitter', accountId: tw }],
      publishNow: true,
    });
    assert.equal(res.status, 202);
    // `pending` is a post awaiting approval; one accepted for publication now is publishing.
    assert.equal(res.body.status, 'publishing');
    assert.equal('scheduledFor' in res.body, false);
    const p = (await t.request('GET', `/v1/posts/${res.body.postId}`)).body.post;
    assert.equal(p.scheduledFor, null);
    assert.equal(p.platforms[0].status, 'pending');
    assert.equal(p.crosspostingEnabled, false);
  });

  it('reads scheduledFor without offset in the given timezone, across DST', async () => {
    const winter = await t.request('POST', '/v1/posts', {
      content: 'x',
      platforms: [{ platform: 'twitter', accountId: tw }],
      scheduledFor: `${NEXT_YEAR}-01-15T10:00:00`,
      timezone: 'Europe/Paris',
    });
    assert.equal(winter.body.scheduledFor, `${NEXT_YEAR}-01-15T09:00:00.000Z`);
    const summer = await t.request('POST', '/v1/posts', {
      content: 'x',
      platforms: [{ platform: 'twitter', accountId: tw }],
      scheduledFor: `${NEXT_YEAR}-07-15T10:00`,
      timezone: 'America/New_York',
    });
    assert.equal(summer.body.scheduledFor, `${NEXT_YEAR}-07-15T14:00:00.000Z`);
    const p = (await t.request('GET', `/v1/posts/${summer.body.postId}`)).body.post;
    assert.equal(p.timezone, 'America/New_York');
  });

  it('lists every problem at once, each naming where it is (400, shape A), and stores nothing', async () => {
    const beforeCounts = await postTablesSnapshot(t.ctx);
    const res = await t.request('POST', '/v1/posts', {
      content: 'x'.repeat(300),
      mediaItems: [{ type: 'image', url: 'https://e.com/i.jpg', thumbnail: 'https://e.com/t.jpg' }],
      platforms: [
        {
          platform: 'twitter',
          accountId: tw,
          platformSpecificData: { poll: { options: ['a'], durationMinutes: 1 } },
        },
        {
          platform: 'linkedin',
          accountId: li,
          content: 'short',
          platformSpecificData: {
            mentions: [
              { text: 'Acme', urn: 'urn:li:organization:1' },
              { text: 'short', urn: 'urn:li:person:1' },
            ],
            colour: 1,
          },
        },
        { platform: 'pinterest', accountId: pin, platformSpecificData: {} },
        { platform: 'twitter', accountId: 'int_nope' },
      ],
      scheduledFor: '2020-01-01T00:00:00Z',
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.success, false);
    const m: string = res.body.message;
    for (const part of [
      'scheduledFor 2020-01-01T00:00:00.000Z is in the past',
      'mediaItems[0].thumbnail is allowed only on video items',
      "platforms[0] (twitter): the post's content is 300 characters as X counts them",
      'platforms[0] (twitter): platformSpecificData.poll.options must have at least 2 entries',
      'platforms[0] (twitter): platformSpecificData.poll.durationMinutes must be >= 5',
      'platforms[1] (linkedin): platformSpecificData.colour is not allowed',
      'platforms[1] (linkedin): platformSpecificData.mentions[1].urn must match the pattern',
      'platforms[1] (linkedin): platformSpecificData.mentions[0].text "Acme" must appear exactly once in content (found 0 times)',
      'platforms[2] (pinterest): platformSpecificData.boardId is required',
      'platforms[3] (twitter): accountId "int_nope" is not a connected account of this project',
    ])
      assert.ok(m.includes(part), `missing "${part}" in: ${m}`);
    assert.deepEqual(await postTablesSnapshot(t.ctx), beforeCounts);
  });

  it('refuses request-shape errors, scheduling mistakes and wrong accounts with 400', async () => {
    const base = { content: 'x', platforms: [{ platform: 'twitter', accountId: tw }] };
    const cases: [unknown, string][] = [
      [{ ...base, publishNow: true, extra: 1 }, 'extra is not allowed'],
      [{ platforms: base.platforms, publishNow: true }, 'content is required'],
      [{ ...base, platforms: [], publishNow: true }, 'platforms must have at least 1 entry'],
      [
        { ...base, platforms: [{ platform: 'myspace', accountId: tw }], publishNow: true },
        'platforms[0].platform must be one of',
      ],
      [
        { ...base, platforms: [{ platform: 'twitter', accountId: tw, foo: 1 }], publishNow: true },
        'platforms[0].foo is not allowed',
      ],
      [base, 'either publishNow: true or scheduledFor is required'],
      [{ ...base, publishNow: false }, 'either publishNow: true or scheduledFor is required'],
      [{ ...base, publishNow: true, scheduledFor: FUTURE }, 'not both'],
      [
        { ...base, scheduledFor: FUTURE, timezone: 'Mars/Olympus' },
        'timezone "Mars/Olympus" is not a known IANA time zone',
      ],
      [{ ...base, scheduledFor: 'tomorrow' }, 'is not an ISO 8601 date-time'],
      [{ ...base, scheduledFor: '2031-02-30T10:00:00' }, 'is not a real date and time'],
      [
        { content: 'x', platforms: [{ platform: 'linkedin', accountId: tw }], publishNow: true },
        `accountId "${tw}" is a twitter account, not linkedin`,
      ],
      [
        {
          content: 'x',
          platforms: [
            { platform: 'twitter', accountId: tw },
            { platform: 'twitter', accountId: tw },
          ],
          publishNow: true,
        },
        'is already targeted by platforms[0]',
      ],
      [
        { ...base, mediaItems: [{ type: 'image', url: 'not a url' }], publishNow: true },
        'mediaItems[0].url must be a valid uri',
      ],
    ];
    for (const [body, expected] of cases) {
      const res = await t.request('POST', '/v1/posts', body);
      assert.equal(res.status, 400, `${JSON.stringify(body)} → ${res.text}`);
      assert.equal(res.body.success, false);
      assert.ok(res.body.message.includes(expected), `"${expected}" not in "${res.body.message}"`);
    }
    const notJson = await t.request('POST', '/v1/posts', '{"content":', {
      'content-type': 'application/json',
    });
    assert.equal(notJson.status, 400);
  });

  it('refuses an account that needs reconnecting with 403, and a missing key with 401', async () => {
    const stale = await addIntegration(t.ctx, t.projectId, 'bluesky', { authStatus: 'needs_reconnect' });
    const res = await t.request('POST', '/v1/posts', {
      content: 'x',
      platforms: [{ platform: 'bluesky', accountId: stale }],
      publishNow: true,
    });
    assert.equal(res.status, 403);
    assert.match(res.body.message, /platforms\[0\] \(bluesky\): account "int_.*" needs reconnecting/);
    const noKey = await t.request('POST', '/v1/posts', { content: 'x' }, { 'x-access-key': '' });
    assert.equal(noKey.status, 401);
    assert.deepEqual(noKey.body, { success: false, message: 'Missing x-access-key header' });
  });

  it('answers a repeated Idempotency-Key with the first answer, and 409 for another body', async () => {
    const body = {
      content: 'idem',
      platforms: [{ platform: 'twitter', accountId: tw }],
      scheduledFor: FUTURE,
    };
    const key = { 'idempotency-key': `k-${dialect}` };
    const first = await t.request('POST', '/v1/posts', body, key);
    assert.equal(first.status, 202);
    const before = await postTablesSnapshot(t.ctx);
    const again = await t.request(
      'POST',
      '/v1/posts',
      { platforms: body.platforms, scheduledFor: FUTURE, content: 'idem' },
      key,
    );
    assert.equal(again.status, 202);
    assert.deepEqual(again.body, first.body);
    assert.deepEqual(await postTablesSnapshot(t.ctx), before);
    const other = await t.request('POST', '/v1/posts', { ...body, content: 'other' }, key);
    assert.equal(other.status, 409);
    assert.match(other.body.message, /Idempotency-Key was already used with a different request body/);
    // Concurrent first uses of one key create one post.
    const k2 = { 'idempotency-key': `race-${dialect}` };
    const answers = await Promise.all([1, 2, 3, 4].map(() => t.request('POST', '/v1/posts', body, k2)));
    assert.ok(answers.every((a) => a.status === 202 && a.body.postId === answers[0]?.body.postId));
  });

  it('keeps Idempotency-Keys for 24 hours, then lets the key be used again; refuses malformed keys', async () => {
    const body = {
      content: 'ttl',
      platforms: [{ platform: 'twitter', accountId: tw }],
      scheduledFor: FUTURE,
    };
    const key = { 'idempotency-key': `ttl-${dialect}` };
    const first = await t.request('POST', '/v1/posts', body, key);
    assert.equal(first.status, 202);
    const realNow = t.ctx.now;
    try {
      t.ctx.now = () => new Date(Date.now() + 23 * 3600_000);
      assert.equal((await t.request('POST', '/v1/posts', { ...body, content: 'other' }, key)).status, 409);
      t.ctx.now = () => new Date(Date.now() + 25 * 3600_000);
      const later = await t.request('POST', '/v1/posts', { ...body, content: 'other' }, key);
      assert.equal(later.status, 202);
      assert.notEqual(later.body.postId, first.body.postId);
    } finally {
      t.ctx.now = realNow;
    }
    const tooLong = await t.request('POST', '/v1/posts', body, { 'idempotency-key': 'k'.repeat(256) });
    assert.equal(tooLong.status, 400);
    assert.match(tooLong.body.message, /Idempotency-Key must be 1 to 255 characters/);
  });

  it("never shows another project's posts", async () => {
    const mine = await t.request('POST', '/v1/posts', {
      content: 'mine',
      platforms: [{ platform: 'twitter', accountId: tw }],
      scheduledFor: FUTURE,
    });
    const other = await createProject(t.ctx, 'other');
    const as = { 'x-access-key': other.accessKey };
    const id = mine.body.postId;
    assert.equal((await t.request('GET', `/v1/posts/${id}`, undefined, as)).status, 404);
    assert.equal((await t.request('DELETE', `/v1/posts/${id}`, undefined, as)).status, 404);
    assert.equal((await t.request('DELETE', `/v1/posts/scheduled/${id}`, undefined, as)).status, 404);
    assert.equal(
      (await t.request('PATCH', `/v1/posts/scheduled/${id}`, { scheduledFor: FUTURE }, as)).status,
      404,
    );
    const put = await t.request(
      'PUT',
      `/v1/posts/scheduled/${id}`,
      { content: 'x', platforms: [{ platform: 'twitter', accountId: tw }] },
      as,
    );
    assert.equal(put.status, 404);
    assert.equal((await t.request('GET', '/v1/posts', undefined, as)).body.total, 0);
    // Their create can not target my account either.
    const steal = await t.request(
      'POST',
      '/v1/posts',
      { content: 'x', platforms: [{ platform: 'twitter', accountId: tw }], publishNow: true },
      as,
    );
    assert.equal(steal.status, 400);
    assert.equal((await t.request('GET', `/v1/posts/${id}`)).status, 200);
    assert.deepEqual((await t.request('GET', '/v1/posts/post_unknown')).body, {
      success: false,
      message: 'Post not found',
    });
  });
});
