import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { addIntegration, FUTURE, NEXT_YEAR, postTablesSnapshot } from '../../../test/posts-fixtures.ts';

forEachDatabase('posts API: validate without creating', (dialect) => {
  let t: TestService;
  let tw: string;
  let pin: string;
  let stale: string;
  before(async () => {
    t = await startTestService(dialect, { settings: { ROLE: 'api', PUBLISH_WAIT_MS: '0' } });
    tw = await addIntegration(t.ctx, t.projectId, 'twitter');
    pin = await addIntegration(t.ctx, t.projectId, 'pinterest');
    stale = await addIntegration(t.ctx, t.projectId, 'linkedin', { authStatus: 'needs_reconnect' });
  });
  after(() => t.close());

  it('answers valid for a body create would accept, and stores and charges nothing', async () => {
    const before = await postTablesSnapshot(t.ctx);
    const res = await t.request('POST', '/v1/posts/validate', {
      content: 'Hello',
      platforms: [{ platform: 'twitter', accountId: tw }],
      scheduledFor: FUTURE,
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, {
      success: true,
      valid: true,
      status: 202,
      message: null,
      problems: [],
      textLengths: [
        {
          target: 0,
          platform: 'twitter',
          length: 5,
          limit: 280,
          unit: 'characters as X counts them (URLs 23, CJK and emoji 2)',
        },
      ],
      conversions: [],
    });
    assert.deepEqual(await postTablesSnapshot(t.ctx), before);
  });

  it('lists every problem with its target and field, and the exact message create answers', async () => {
    const body = {
      content: 'x'.repeat(300),
      platforms: [
        { platform: 'twitter', accountId: tw },
        { platform: 'pinterest', accountId: pin, content: 'short' },
        { platform: 'twitter', accountId: 'int_nope' },
      ],
      scheduledFor: FUTURE,
    };
    const before = await postTablesSnapshot(t.ctx);
    const res = await t.request('POST', '/v1/posts/validate', body);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.valid, false);
    assert.equal(res.body.status, 400);
    const byTarget = (i: number) => res.body.problems.filter((p: { target: number }) => p.target === i);
    assert.ok(
      byTarget(0).some((p: { field: string }) => p.field === 'content'),
      res.text,
    );
    assert.match(byTarget(0)[0].message, /^platforms\[0\] \(twitter\): the post's content is 300/);
    assert.ok(
      byTarget(1).some((p: { field: string }) => p.field === 'platformSpecificData.boardId'),
      res.text,
    );
    assert.ok(
      byTarget(2).some((p: { field: string }) => p.field === 'accountId'),
      res.text,
    );
    const created = await t.request('POST', '/v1/posts', body);
    assert.equal(created.status, 400);
    assert.equal(created.body.message, res.body.message);
    assert.deepEqual(await postTablesSnapshot(t.ctx), before);
  });

  it('counts each target’s text as its platform does (X weighs a URL 23, Bluesky counts graphemes)', async () => {
    const bsky = await addIntegration(t.ctx, t.projectId, 'bluesky');
    const res = await t.request('POST', '/v1/posts/validate', {
      content: 'See https://example.com/a/very/long/path/that/is/long 👍🏽',
      platforms: [
        { platform: 'twitter', accountId: tw },
        { platform: 'bluesky', accountId: bsky },
        { platform: 'pinterest', accountId: pin, content: 'x'.repeat(801) },
      ],
      publishNow: true,
    });
    const lengths = res.body.textLengths.map((l: { platform: string; length: number; limit: number }) => [
      l.platform,
      l.length,
      l.limit,
    ]);
    // X: "See " 4 + URL 23 + " " 1 + emoji 2 = 30; Bluesky: 4 + the URL's 49 + 1 + 1 grapheme = 55.
    assert.deepEqual(lengths, [
      ['twitter', 30, 280],
      ['bluesky', 55, 300],
      ['pinterest', 801, 800],
    ]);
    assert.ok(res.body.problems.some((p: { target: number }) => p.target === 2));
  });

  it('reports schedule problems (a time in the past, an unknown time zone)', async () => {
    const past = await t.request('POST', '/v1/posts/validate', {
      content: 'Hi',
      platforms: [{ platform: 'twitter', accountId: tw }],
      scheduledFor: '2020-01-01T00:00:00Z',
    });
    assert.equal(past.body.status, 400);
    assert.equal(past.body.problems[0].scope, 'schedule');
    assert.match(past.body.problems[0].message, /in the past/);
    const zone = await t.request('POST', '/v1/posts/validate', {
      content: 'Hi',
      platforms: [{ platform: 'twitter', accountId: tw }],
      scheduledFor: `${NEXT_YEAR}-01-01T09:00:00`,
      timezone: 'Mars/Olympus',
    });
    assert.equal(zone.body.problems[0].scope, 'schedule');
    assert.match(zone.body.problems[0].message, /not a known IANA time zone/);
  });

  it('says create would answer 403 when an account needs reconnecting', async () => {
    const body = {
      content: 'Hi',
      platforms: [{ platform: 'linkedin', accountId: stale }],
      publishNow: true,
    };
    const res = await t.request('POST', '/v1/posts/validate', body);
    assert.equal(res.body.status, 403);
    assert.equal(res.body.problems[0].field, 'accountId');
    assert.match(res.body.message, /needs reconnecting/);
    const created = await t.request('POST', '/v1/posts', body);
    assert.equal(created.status, 403);
    assert.equal(created.body.message, res.body.message);
  });

  it('refuses a body that does not match the schema (400, shape A), as create does', async () => {
    const res = await t.request('POST', '/v1/posts/validate', { content: 'Hi', platforms: [], extra: 1 });
    assert.equal(res.status, 400);
    assert.equal(res.body.success, false);
    assert.match(res.body.message, /platforms must have at least 1 entry/);
    assert.match(res.body.message, /extra is not allowed/);
  });

  it('needs a valid access key (401)', async () => {
    const res = await t.request(
      'POST',
      '/v1/posts/validate',
      { content: 'Hi', platforms: [{ platform: 'twitter', accountId: tw }], publishNow: true },
      { 'x-access-key': 'sps_wrong' },
    );
    assert.equal(res.status, 401);
    assert.equal(res.body.success, false);
  });
});
