/**
 * Approval through the HTTP API: a contributor's post waits (`pending`, nothing
 * charged or queued, post.approval_requested); an editor approves it (charged
 * once, scheduled or published now, post.approved) or requests changes (back to
 * draft with the note, post.rejected); every documented error; the settings.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createAccessKey } from '../../src/domain/projects/keys.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';
import { addIntegration, FUTURE } from '../posts-fixtures.ts';

forEachDatabase('approval', (dialect) => {
  let t: TestService;
  let tw: string;
  let li: string;
  let contributor: Record<string, string>;
  let editor: Record<string, string>;
  let admin: Record<string, string>;
  let contributorActor: string;
  const used = async () => {
    const b = (await t.request('GET', '/v1/usage')).body.balance;
    return b.monthly.used + b.purchased.used;
  };
  const events = async (postId: string) =>
    (
      await t.ctx.store.db
        .selectFrom('outbox')
        .select('type')
        .where('post_id', '=', postId)
        .orderBy('created_at')
        .execute()
    ).map((r) => r.type);
  const jobs = async (postId: string) =>
    (await t.ctx.store.db.selectFrom('jobs').select('payload').execute()).filter((j) =>
      j.payload.includes(postId),
    ).length;
  const key = async (role: 'contributor' | 'editor' | 'admin') => {
    const k = await createAccessKey(t.ctx, t.projectId, role, { role });
    return { headers: { 'x-access-key': k.accessKey }, actor: `key:${k.keyId}` };
  };
  const submit = async (extra: Record<string, unknown> = { scheduledFor: FUTURE }) => {
    const res = await t.request(
      'POST',
      '/v1/posts',
      { content: 'For approval', platforms: [{ platform: 'twitter', accountId: tw }], ...extra },
      contributor,
    );
    assert.equal(res.status, 202, res.text);
    return res.body;
  };

  before(async () => {
    t = await startTestService(dialect, {
      settings: { ROLE: 'api', PUBLISH_WAIT_MS: '0', SIMULATOR_URL: 'http://127.0.0.1:9' },
    });
    tw = await addIntegration(t.ctx, t.projectId, 'twitter');
    li = await addIntegration(t.ctx, t.projectId, 'linkedin');
    const c = await key('contributor');
    contributor = c.headers;
    contributorActor = c.actor;
    editor = (await key('editor')).headers;
    admin = (await key('admin')).headers;
  });
  after(() => t.close());

  it('stores a contributor’s post as pending: nothing charged, queued or published; approval_requested', async () => {
    const before = await used();
    const answer = await submit();
    assert.equal(answer.status, 'pending');
    assert.match(answer.message, /Awaiting approval/);
    assert.equal(await used(), before);
    assert.equal(await jobs(answer.postId), 0);
    assert.deepEqual(await events(answer.postId), ['post.approval_requested']);
    const read = (await t.request('GET', `/v1/posts/${answer.postId}`)).body.post;
    assert.equal(read.status, 'pending');
    assert.equal(read.platforms[0].status, 'draft');
    const notes = (await t.request('GET', `/v1/posts/${answer.postId}/notes`)).body.notes;
    assert.equal(notes[0].kind, 'submitted');
    assert.equal(notes[0].author, contributorActor);
    const queue = (await t.request('GET', '/v1/approvals', undefined, editor)).body;
    const entry = queue.posts.find((p: { postId: string }) => p.postId === answer.postId);
    assert.equal(entry.approval.requestedBy, contributorActor);
    assert.equal(entry.approval.publishNow, false);
  });

  it('refuses a contributor’s bad post as create does (400), storing nothing', async () => {
    const res = await t.request(
      'POST',
      '/v1/posts',
      { content: 'x'.repeat(300), platforms: [{ platform: 'twitter', accountId: tw }], publishNow: true },
      contributor,
    );
    assert.equal(res.status, 400);
    assert.match(res.body.message, /280/);
    const past = await t.request(
      'POST',
      '/v1/posts',
      {
        content: 'x',
        platforms: [{ platform: 'twitter', accountId: tw }],
        scheduledFor: '2020-01-01T00:00:00Z',
      },
      contributor,
    );
    assert.equal(past.status, 400);
  });

  it('approves: charged once, scheduled, post.approved and post.scheduled; the answer says scheduled', async () => {
    const { postId } = await submit();
    const before = await used();
    const res = await t.request('POST', `/v1/posts/${postId}/approve`, { note: 'Looks good' }, editor);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'scheduled');
    assert.equal(res.body.result, 'scheduled');
    assert.match(res.body.message, /scheduled for/);
    assert.equal(await used(), before + 1);
    assert.equal(await jobs(postId), 1);
    assert.deepEqual((await events(postId)).sort(), [
      'post.approval_requested',
      'post.approved',
      'post.scheduled',
    ]);
    const notes = (await t.request('GET', `/v1/posts/${postId}/notes`)).body.notes;
    assert.deepEqual(notes.map((n: { kind: string; text: string }) => [n.kind, n.text]).slice(1), [
      ['approved', 'Looks good'],
    ]);
    const again = await t.request('POST', `/v1/posts/${postId}/approve`, {}, editor);
    assert.equal(again.status, 409);
    assert.match(again.body.message, /not awaiting approval/);
    assert.equal(await used(), before + 1);
  });

  it('publishes now when the post asked for now, and says so', async () => {
    const { postId } = await submit({ publishNow: true });
    const res = await t.request('POST', `/v1/posts/${postId}/approve`, {}, editor);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.result, 'published_now');
    assert.equal(res.body.status, 'publishing');
    assert.match(res.body.message, /publishing now/);
  });

  it('publishes now when the time asked for has passed meanwhile', async () => {
    const { postId } = await submit();
    await t.ctx.store.db
      .updateTable('post_approvals')
      .set({ request: JSON.stringify({ scheduledFor: '2020-01-01T00:00:00.000Z', timezone: 'UTC' }) })
      .where('post_id', '=', postId)
      .execute();
    const res = await t.request('POST', `/v1/posts/${postId}/approve`, {}, editor);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.result, 'published_now');
  });

  it('requests changes: back to draft with the note, post.rejected, nothing charged', async () => {
    const { postId } = await submit();
    const before = await used();
    const empty = await t.request('POST', `/v1/posts/${postId}/reject`, { note: '  ' }, editor);
    assert.equal(empty.status, 400);
    const missing = await t.request('POST', `/v1/posts/${postId}/reject`, {}, editor);
    assert.equal(missing.status, 400);
    const res = await t.request('POST', `/v1/posts/${postId}/reject`, { note: 'Use the new logo' }, editor);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'draft');
    assert.equal((await t.request('GET', `/v1/posts/${postId}`)).body.post.status, 'draft');
    assert.equal(await used(), before);
    assert.ok((await events(postId)).includes('post.rejected'));
    const notes = (await t.request('GET', `/v1/posts/${postId}/notes`)).body.notes;
    assert.equal(notes.at(-1).kind, 'changes_requested');
    assert.equal(notes.at(-1).text, 'Use the new logo');
    assert.equal((await t.request('POST', `/v1/posts/${postId}/reject`, { note: 'x' }, editor)).status, 409);
    // The contributor edits the draft and sends it again by scheduling it: pending again.
    const again = await t.request(
      'POST',
      `/v1/posts/${postId}/schedule`,
      { scheduledFor: FUTURE },
      contributor,
    );
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.status, 'pending');
  });

  it('answers 403 to a contributor approving or rejecting, 404 to an unknown post', async () => {
    const { postId } = await submit();
    const denied = await t.request('POST', `/v1/posts/${postId}/approve`, {}, contributor);
    assert.equal(denied.status, 403);
    assert.match(denied.body.message, /needs publish access/);
    assert.equal(
      (await t.request('POST', `/v1/posts/${postId}/reject`, { note: 'x' }, contributor)).status,
      403,
    );
    assert.equal((await t.request('POST', '/v1/posts/post_nope/approve', {}, editor)).status, 404);
    assert.equal((await t.request('POST', '/v1/posts/post_nope/reject', { note: 'x' }, editor)).status, 404);
  });

  it('approves once when two approvals race; an Idempotency-Key answers the first answer again', async () => {
    const { postId } = await submit();
    const before = await used();
    const [a, b] = await Promise.all([
      t.request('POST', `/v1/posts/${postId}/approve`, {}, editor),
      t.request('POST', `/v1/posts/${postId}/approve`, {}, editor),
    ]);
    assert.deepEqual([a.status, b.status].sort(), [200, 409]);
    assert.equal(await used(), before + 1);
    assert.equal(await jobs(postId), 1);
    assert.equal((await events(postId)).filter((e) => e === 'post.approved').length, 1);

    const second = (await submit()).postId;
    const headers = { ...editor, 'idempotency-key': `approve-${second}` };
    const [x, y] = await Promise.all([
      t.request('POST', `/v1/posts/${second}/approve`, {}, headers),
      t.request('POST', `/v1/posts/${second}/approve`, {}, headers),
    ]);
    assert.equal(x.status, 200, x.text);
    assert.equal(y.status, 200, y.text);
    assert.equal(x.body.postId, y.body.postId);
    assert.equal(await used(), before + 2);
    const other = await t.request('POST', `/v1/posts/${second}/approve`, { note: 'different' }, headers);
    assert.equal(other.status, 409);
  });

  it('answers 402 when the approval can not be paid, leaving the post pending', async () => {
    const { postId } = await submit();
    await t.ctx.store.db
      .updateTable('credit_balances')
      .set({ monthly_used: 1_000_000 })
      .where('project_id', '=', t.projectId)
      .execute();
    try {
      const res = await t.request('POST', `/v1/posts/${postId}/approve`, {}, editor);
      assert.equal(res.status, 402, res.text);
      assert.equal((await t.request('GET', `/v1/posts/${postId}`)).body.post.status, 'pending');
    } finally {
      await t.ctx.store.db
        .updateTable('credit_balances')
        .set({ monthly_used: 0 })
        .where('project_id', '=', t.projectId)
        .execute();
    }
  });

  it('sends a contributor’s edit of a scheduled post for approval, refunding it until approved', async () => {
    const created = await t.request('POST', '/v1/posts', {
      content: 'Scheduled by the owner',
      platforms: [{ platform: 'twitter', accountId: tw }],
      scheduledFor: FUTURE,
    });
    assert.equal(created.body.status, 'scheduled');
    const postId = created.body.postId;
    const before = await used();
    const edit = await t.request(
      'PUT',
      `/v1/posts/scheduled/${postId}`,
      { content: 'Edited by a contributor', platforms: [{ platform: 'twitter', accountId: tw }] },
      contributor,
    );
    assert.equal(edit.status, 200, edit.text);
    assert.equal(edit.body.status, 'pending');
    assert.equal(await used(), before - 1);
    assert.equal(await jobs(postId), 0);
    const read = (await t.request('GET', `/v1/posts/${postId}`)).body.post;
    assert.equal(read.status, 'pending');
    assert.equal(read.content, 'Edited by a contributor');
    const approved = await t.request('POST', `/v1/posts/${postId}/approve`, {}, editor);
    assert.equal(approved.status, 200, approved.text);
    assert.equal(approved.body.scheduledFor, created.body.scheduledFor);
    assert.equal(await used(), before);
  });

  it('reads and changes the settings (manage access); everyone makes an editor’s post wait', async () => {
    const start = await t.request('GET', '/v1/approval/settings', undefined, contributor);
    assert.equal(start.status, 200);
    // Nothing chosen yet: contributors' posts wait, as they always have.
    assert.equal(start.body.approval, 'contributors');
    assert.equal(
      (await t.request('PUT', '/v1/approval/settings', { approval: 'everyone' }, editor)).status,
      403,
    );
    assert.equal(
      (await t.request('PUT', '/v1/approval/settings', { approval: 'sometimes' }, admin)).status,
      400,
    );
    const unknown = await t.request(
      'PUT',
      '/v1/approval/settings',
      { profiles: [{ profileId: 'prof_nope', approval: 'everyone' }] },
      admin,
    );
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.message, /not a profile of this project/);

    const profile = (await t.request('POST', '/v1/profiles', { name: 'Strict brand' })).body.profile;
    await t.ctx.store.db
      .updateTable('integrations')
      .set({ profile_id: profile.id })
      .where('id', '=', li)
      .execute();
    const set = await t.request(
      'PUT',
      '/v1/approval/settings',
      { profiles: [{ profileId: profile.id, approval: 'everyone' }] },
      admin,
    );
    assert.equal(set.status, 200, set.text);
    assert.deepEqual(set.body.profiles, [{ profileId: profile.id, approval: 'everyone' }]);
    const strict = await t.request(
      'POST',
      '/v1/posts',
      { content: 'Brand post', platforms: [{ platform: 'linkedin', accountId: li }], scheduledFor: FUTURE },
      editor,
    );
    assert.equal(strict.body.status, 'pending');
    const free = await t.request(
      'POST',
      '/v1/posts',
      { content: 'Other post', platforms: [{ platform: 'twitter', accountId: tw }], scheduledFor: FUTURE },
      editor,
    );
    assert.equal(free.body.status, 'scheduled');
    const cleared = await t.request(
      'PUT',
      '/v1/approval/settings',
      { profiles: [{ profileId: profile.id, approval: null }] },
      admin,
    );
    assert.deepEqual(cleared.body.profiles, []);
  });

  it('off means no approval step: a contributor is refused (drafts only), an editor publishes; contributors makes them wait again', async () => {
    const off = await t.request('PUT', '/v1/approval/settings', { approval: 'off' }, admin);
    assert.equal(off.status, 200, off.text);
    assert.equal(off.body.approval, 'off');
    const body = { content: 'No approval here', platforms: [{ platform: 'twitter', accountId: tw }] };
    const refused = await t.request('POST', '/v1/posts', { ...body, scheduledFor: FUTURE }, contributor);
    assert.equal(refused.status, 403, refused.text);
    assert.match(refused.body.message, /approval is off/);
    const queued = await t.request('POST', '/v1/posts', { ...body, queue: true }, contributor);
    assert.equal(queued.status, 403, queued.text);
    // A draft is still theirs to write, and an editor's post goes out without waiting.
    const draft = await t.request('POST', '/v1/posts', { ...body, draft: true }, contributor);
    assert.equal(draft.status, 202, draft.text);
    const scheduleDraft = await t.request(
      'POST',
      `/v1/posts/${draft.body.postId}/schedule`,
      { scheduledFor: FUTURE },
      contributor,
    );
    assert.equal(scheduleDraft.status, 403, scheduleDraft.text);
    const byEditor = await t.request('POST', '/v1/posts', { ...body, scheduledFor: FUTURE }, editor);
    assert.equal(byEditor.body.status, 'scheduled', byEditor.text);

    await t.request('PUT', '/v1/approval/settings', { approval: 'contributors' }, admin);
    const waits = await t.request('POST', '/v1/posts', { ...body, scheduledFor: FUTURE }, contributor);
    assert.equal(waits.status, 202, waits.text);
    assert.equal(waits.body.status, 'pending');
  });

  it('keeps a setting saved as off before this meaning: it becomes contributors', async () => {
    const { up } = await import('../../src/store/migrations/0480_approval_off_means_off.ts');
    await t.ctx.store.db
      .updateTable('approval_settings')
      .set({ mode: 'off' })
      .where('project_id', '=', t.projectId)
      .execute();
    await up(t.ctx.store.db as never);
    const read = await t.request('GET', '/v1/approval/settings');
    assert.equal(read.body.approval, 'contributors');
  });

  it('accepts webhook subscriptions to the approval events', async () => {
    const res = await t.request('POST', '/v1/notifications', {
      channel: 'webhook',
      eventTypes: ['post.approval_requested', 'post.approved', 'post.rejected', 'post.published'],
      webhook: { url: 'https://hooks.example.com/approval' },
    });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(res.body.notification.eventTypes.length, 4);
  });
});
