/**
 * Drafts through the HTTP API: saved without charge, publication or event, with
 * what would stop them listed; edited whole; scheduled (every check of create,
 * charged then, post.scheduled); a cancelled scheduled post is a draft again.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';
import { addIntegration, FUTURE, NEXT_YEAR } from '../posts-fixtures.ts';

forEachDatabase('drafts', (dialect) => {
  let t: TestService;
  let tw: string;
  let pin: string;
  let stale: string;
  const used = async () => {
    const b = (await t.request('GET', '/v1/usage')).body.balance;
    return b.monthly.used + b.purchased.used;
  };
  const events = async (postId: string) =>
    (await t.ctx.store.db.selectFrom('outbox').select('type').where('post_id', '=', postId).execute()).map(
      (r) => r.type,
    );
  const jobs = async (postId: string) =>
    (await t.ctx.store.db.selectFrom('jobs').select('payload').execute()).filter((j) =>
      j.payload.includes(postId),
    ).length;

  before(async () => {
    t = await startTestService(dialect, {
      settings: { ROLE: 'api', PUBLISH_WAIT_MS: '0', SIMULATOR_URL: 'http://127.0.0.1:9' },
    });
    tw = await addIntegration(t.ctx, t.projectId, 'twitter');
    pin = await addIntegration(t.ctx, t.projectId, 'pinterest');
    stale = await addIntegration(t.ctx, t.projectId, 'linkedin', { authStatus: 'needs_reconnect' });
  });
  after(() => t.close());

  it('saves a draft with publication problems listed, charging and publishing nothing', async () => {
    const before = await used();
    const res = await t.request('POST', '/v1/posts', {
      content: 'x'.repeat(300),
      platforms: [
        { platform: 'twitter', accountId: tw },
        { platform: 'pinterest', accountId: pin },
        { platform: 'linkedin', accountId: stale },
      ],
      draft: true,
    });
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.status, 'draft');
    const fields = res.body.problems.map((p: { target: number; field: string }) => `${p.target}:${p.field}`);
    assert.ok(fields.includes('0:content'), JSON.stringify(res.body.problems));
    assert.ok(fields.includes('1:platformSpecificData.boardId'), JSON.stringify(res.body.problems));
    assert.ok(fields.includes('2:accountId'), JSON.stringify(res.body.problems));
    // Worded exactly as validate words them.
    const validate = await t.request('POST', '/v1/posts/validate', {
      content: 'x'.repeat(300),
      platforms: [
        { platform: 'twitter', accountId: tw },
        { platform: 'pinterest', accountId: pin },
        { platform: 'linkedin', accountId: stale },
      ],
      publishNow: true,
    });
    assert.deepEqual(res.body.problems, validate.body.problems);
    assert.equal(await used(), before);
    assert.deepEqual(await events(res.body.postId), []);
    assert.equal(await jobs(res.body.postId), 0);
    const read = await t.request('GET', `/v1/posts/${res.body.postId}`);
    assert.equal(read.body.post?.status ?? read.body.status, 'draft', read.text);
    const list = await t.request('GET', '/v1/posts?status=draft');
    assert.ok(list.body.posts.some((p: { postId: string }) => p.postId === res.body.postId));
  });

  it('refuses a draft whose shape is wrong or whose account is not of this project', async () => {
    const unknown = await t.request('POST', '/v1/posts', {
      content: 'hi',
      platforms: [{ platform: 'twitter', accountId: 'int_nope' }],
      draft: true,
    });
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.message, /int_nope.*not a connected account/);
    const twoModes = await t.request('POST', '/v1/posts', {
      content: 'hi',
      platforms: [{ platform: 'twitter', accountId: tw }],
      draft: true,
      publishNow: true,
    });
    assert.equal(twoModes.status, 400);
    assert.match(twoModes.body.message, /only one of publishNow: true, draft: true/);
    const badShape = await t.request('POST', '/v1/posts', {
      content: 5,
      platforms: [{ platform: 'twitter', accountId: tw }],
      draft: true,
    });
    assert.equal(badShape.status, 400);
  });

  it('edits a draft, schedules it (charged, post.scheduled) and refuses to schedule it twice', async () => {
    const draft = await t.request('POST', '/v1/posts', {
      content: 'first words',
      platforms: [{ platform: 'pinterest', accountId: pin }],
      draft: true,
    });
    const postId = draft.body.postId as string;
    const tooEarly = await t.request('POST', `/v1/posts/${postId}/schedule`, { scheduledFor: FUTURE });
    assert.equal(tooEarly.status, 400, tooEarly.text);
    assert.match(tooEarly.body.message, /boardId is required/);

    const edited = await t.request('PUT', `/v1/posts/drafts/${postId}`, {
      content: 'better words',
      platforms: [
        { platform: 'pinterest', accountId: pin, platformSpecificData: { boardId: 'b1' } },
        { platform: 'twitter', accountId: tw },
      ],
      mediaItems: [{ type: 'image', url: 'http://127.0.0.1:9/img.png' }],
    });
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.body.platforms.length, 2);
    const withTime = await t.request('PUT', `/v1/posts/drafts/${postId}`, {
      content: 'x',
      platforms: [{ platform: 'twitter', accountId: tw }],
      scheduledFor: FUTURE,
    });
    assert.equal(withTime.status, 400);

    const before = await used();
    const scheduled = await t.request('POST', `/v1/posts/${postId}/schedule`, { scheduledFor: FUTURE });
    assert.equal(scheduled.status, 200, scheduled.text);
    assert.equal(scheduled.body.status, 'scheduled');
    assert.equal(scheduled.body.scheduledFor, `${NEXT_YEAR}-06-01T09:00:00.000Z`);
    assert.equal(await used(), before + 2);
    assert.deepEqual(await events(postId), ['post.scheduled']);
    assert.equal(await jobs(postId), 2);
    const read = (await t.request('GET', `/v1/posts/${postId}`)).body;
    const post = read.post ?? read;
    assert.equal(post.content, 'better words');
    assert.deepEqual(
      post.platforms.map((p: { status: string }) => p.status),
      ['scheduled', 'scheduled'],
    );

    const again = await t.request('POST', `/v1/posts/${postId}/schedule`, { publishNow: true });
    assert.equal(again.status, 409);
    const editScheduled = await t.request('PUT', `/v1/posts/drafts/${postId}`, {
      content: 'x',
      platforms: [{ platform: 'twitter', accountId: tw }],
    });
    assert.equal(editScheduled.status, 409);
  });

  it('makes a cancelled scheduled post a draft that can be edited and scheduled again', async () => {
    const created = await t.request('POST', '/v1/posts', {
      content: 'plan A',
      platforms: [{ platform: 'twitter', accountId: tw }],
      scheduledFor: FUTURE,
    });
    const postId = created.body.postId as string;
    const before = await used();
    assert.equal((await t.request('DELETE', `/v1/posts/scheduled/${postId}`)).status, 200);
    assert.equal(await used(), before - 1);
    const edited = await t.request('PUT', `/v1/posts/drafts/${postId}`, {
      content: 'plan B',
      platforms: [{ platform: 'twitter', accountId: tw }],
    });
    assert.equal(edited.status, 200, edited.text);
    const scheduled = await t.request('POST', `/v1/posts/${postId}/schedule`, {
      scheduledFor: `${NEXT_YEAR}-07-01T10:00:00`,
      timezone: 'Europe/Paris',
    });
    assert.equal(scheduled.status, 200, scheduled.text);
    assert.equal(scheduled.body.scheduledFor, `${NEXT_YEAR}-07-01T08:00:00.000Z`);
    assert.equal(await used(), before);
  });

  it('answers a repeated Idempotency-Key once, for creating and for scheduling a draft', async () => {
    const body = { content: 'once', platforms: [{ platform: 'twitter', accountId: tw }], draft: true };
    const key = { 'idempotency-key': `draft-${dialect}` };
    const [a, b] = await Promise.all([
      t.request('POST', '/v1/posts', body, key),
      t.request('POST', '/v1/posts', body, key),
    ]);
    assert.equal(a.body.postId, b.body.postId, `${a.text} ${b.text}`);
    const other = await t.request('POST', '/v1/posts', { ...body, content: 'other' }, key);
    assert.equal(other.status, 409);

    const postId = a.body.postId as string;
    const before = await used();
    const sKey = { 'idempotency-key': `schedule-${dialect}` };
    const [s1, s2] = await Promise.all([
      t.request('POST', `/v1/posts/${postId}/schedule`, { scheduledFor: FUTURE }, sKey),
      t.request('POST', `/v1/posts/${postId}/schedule`, { scheduledFor: FUTURE }, sKey),
    ]);
    assert.equal(s1.status, 200, s1.text);
    assert.equal(s2.status, 200, s2.text);
    assert.equal(s1.body.postId, s2.body.postId);
    assert.equal(await used(), before + 1);
    const drafts = await t.ctx.store.db
      .selectFrom('posts')
      .select('id')
      .where('project_id', '=', t.projectId)
      .where('content', '=', 'once')
      .execute();
    assert.equal(drafts.length, 1);
  });

  it('deletes a draft', async () => {
    const draft = await t.request('POST', '/v1/posts', {
      content: 'bye',
      platforms: [{ platform: 'twitter', accountId: tw }],
      draft: true,
    });
    const del = await t.request('DELETE', `/v1/posts/${draft.body.postId}`);
    assert.equal(del.status, 200, del.text);
    assert.equal((await t.request('GET', `/v1/posts/${draft.body.postId}`)).status, 404);
  });
});
