/**
 * Notes and client review links through the HTTP API: notes signed by their
 * caller, deletable by their author only; a review link opened without a key,
 * showing each post per account; the reviewer's decision recorded under their
 * name and moving the post only when the link may approve; revoked, expired and
 * unknown links refused with a reason.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createAccessKey } from '../../src/domain/projects/keys.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';
import { addIntegration, FUTURE } from '../posts-fixtures.ts';

forEachDatabase('notes and review links', (dialect) => {
  let t: TestService;
  let tw: string;
  let contributor: Record<string, string>;
  let editor: Record<string, string>;
  let viewer: Record<string, string>;
  const noKey = { 'x-access-key': '' };
  const submit = async (content = 'For the client') => {
    const res = await t.request(
      'POST',
      '/v1/posts',
      {
        content,
        platforms: [{ platform: 'twitter', accountId: tw, content: `${content} (on X)` }],
        scheduledFor: FUTURE,
      },
      contributor,
    );
    assert.equal(res.status, 202, res.text);
    return res.body.postId as string;
  };
  const link = async (body: Record<string, unknown>, headers = editor) => {
    const res = await t.request('POST', '/v1/review-links', body, headers);
    assert.equal(res.status, 201, res.text);
    return { ...res.body, token: (res.body.url as string).split('/review/')[1] as string };
  };
  const open = (token: string) => t.request('GET', `/v1/review/${token}`, undefined, noKey);
  const decide = (token: string, body: Record<string, unknown>) =>
    t.request('POST', `/v1/review/${token}/decisions`, body, noKey);

  before(async () => {
    t = await startTestService(dialect, {
      settings: { ROLE: 'api', PUBLISH_WAIT_MS: '0', SIMULATOR_URL: 'http://127.0.0.1:9' },
    });
    tw = await addIntegration(t.ctx, t.projectId, 'twitter');
    const key = async (role: 'contributor' | 'editor' | 'viewer') => ({
      'x-access-key': (await createAccessKey(t.ctx, t.projectId, role, { role })).accessKey,
    });
    contributor = await key('contributor');
    editor = await key('editor');
    viewer = await key('viewer');
  });
  after(() => t.close());

  it('adds, lists and deletes notes; only the author deletes, history lines stay', async () => {
    const postId = await submit();
    const add = await t.request(
      'POST',
      `/v1/posts/${postId}/notes`,
      { text: 'Check the hashtag' },
      contributor,
    );
    assert.equal(add.status, 201, add.text);
    assert.match(add.body.note.author, /^key:/);
    assert.equal((await t.request('POST', `/v1/posts/${postId}/notes`, { text: 'x' }, viewer)).status, 403);
    assert.equal((await t.request('POST', `/v1/posts/${postId}/notes`, { text: '   ' }, editor)).status, 400);
    assert.equal(
      (await t.request('POST', `/v1/posts/${postId}/notes`, { text: 'x'.repeat(2001) }, editor)).status,
      400,
    );
    assert.equal((await t.request('POST', '/v1/posts/post_nope/notes', { text: 'x' }, editor)).status, 404);
    const list = await t.request('GET', `/v1/posts/${postId}/notes`, undefined, viewer);
    assert.deepEqual(
      list.body.notes.map((n: { kind: string }) => n.kind),
      ['submitted', 'note'],
    );
    const noteId = add.body.note.id;
    const other = await t.request('DELETE', `/v1/posts/${postId}/notes/${noteId}`, undefined, editor);
    assert.equal(other.status, 403);
    assert.match(other.body.message, /Only the note’s author|Only the note's author/);
    const history = list.body.notes[0].id;
    assert.equal(
      (await t.request('DELETE', `/v1/posts/${postId}/notes/${history}`, undefined, contributor)).status,
      403,
    );
    assert.equal(
      (await t.request('DELETE', `/v1/posts/${postId}/notes/note_nope`, undefined, contributor)).status,
      404,
    );
    assert.equal(
      (await t.request('DELETE', `/v1/posts/${postId}/notes/${noteId}`, undefined, contributor)).status,
      200,
    );
    assert.equal((await t.request('GET', `/v1/posts/${postId}/notes`)).body.notes.length, 1);
  });

  it('shows a post per account to anyone with the link, and approves it when the link may approve', async () => {
    const postId = await submit();
    const created = await link({ postId, label: 'For Acme', ttlHours: 24 });
    assert.equal(created.reviewLink.canApprove, true);
    assert.equal(created.reviewLink.status, 'active');
    // Only the token's hash is stored.
    const stored = await t.ctx.store.db
      .selectFrom('review_links')
      .selectAll()
      .where('id', '=', created.reviewLink.id)
      .executeTakeFirst();
    assert.ok(stored && !JSON.stringify(stored).includes(created.token));
    const view = await open(created.token);
    assert.equal(view.status, 200, view.text);
    assert.equal(view.body.label, 'For Acme');
    assert.equal(view.body.posts.length, 1);
    assert.equal(view.body.posts[0].platforms[0].content, 'For the client (on X)');
    assert.equal(view.body.posts[0].platforms[0].accountHandle, 'twitter-user');
    assert.equal(view.body.posts[0].canDecide, true);
    // Internal notes are never part of the page.
    assert.equal('notes' in view.body.posts[0], false);

    assert.equal((await decide(created.token, { postId, decision: 'approve', name: ' ' })).status, 400);
    assert.equal(
      (await decide(created.token, { postId: 'post_other', decision: 'approve', name: 'Kim' })).status,
      404,
    );
    const ok = await decide(created.token, {
      postId,
      decision: 'approve',
      name: 'Kim (Acme)',
      comment: 'Lovely',
    });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.moved, true);
    assert.equal(ok.body.status, 'scheduled');
    const notes = (await t.request('GET', `/v1/posts/${postId}/notes`)).body.notes;
    const last = notes.at(-1);
    assert.deepEqual(
      [last.kind, last.author, last.text, last.reviewLinkId],
      ['review_approved', 'Kim (Acme)', 'Lovely', created.reviewLink.id],
    );
    assert.equal((await open(created.token)).body.posts[0].decisions.length, 1);
  });

  it('records a reviewer’s answer without moving the post when the link’s creator could not approve', async () => {
    const postId = await submit();
    const created = await link({ postId }, contributor);
    assert.equal(created.reviewLink.canApprove, false);
    const none = await decide(created.token, { postId, decision: 'request_changes', name: 'Kim' });
    assert.equal(none.status, 400);
    assert.match(none.body.message, /comment is required/);
    const res = await decide(created.token, {
      postId,
      decision: 'request_changes',
      name: 'Kim',
      comment: 'Shorter please',
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.moved, false);
    assert.equal((await t.request('GET', `/v1/posts/${postId}`)).body.post.status, 'pending');
    const last = (await t.request('GET', `/v1/posts/${postId}/notes`)).body.notes.at(-1);
    assert.deepEqual([last.kind, last.author], ['review_changes_requested', 'Kim']);
  });

  it('sends a post back to draft when a reviewer with an approving link requests changes', async () => {
    const postId = await submit();
    const created = await link({ postId });
    const res = await decide(created.token, {
      postId,
      decision: 'request_changes',
      name: 'Kim',
      comment: 'Not this week',
    });
    assert.equal(res.body.moved, true);
    assert.equal(res.body.status, 'draft');
  });

  it('says the outcome once the post is decided, by the team or through a link; none while it waits', async () => {
    const byTeam = await submit('Decided in the dashboard');
    const teamLink = await link({ postId: byTeam });
    const waiting = (await open(teamLink.token)).body.posts[0];
    assert.equal(waiting.outcome, null);
    assert.equal(waiting.canDecide, true);
    assert.equal((await t.request('POST', `/v1/posts/${byTeam}/approve`, {}, editor)).status, 200);
    const approved = (await open(teamLink.token)).body.posts[0];
    assert.equal(approved.status, 'scheduled');
    assert.equal(approved.canDecide, false);
    assert.equal(approved.outcome.decision, 'approved');
    assert.ok(Date.parse(approved.outcome.at) > 0);

    const sentBack = await submit('Sent back through the link');
    const backLink = await link({ postId: sentBack });
    await decide(backLink.token, {
      postId: sentBack,
      decision: 'request_changes',
      name: 'Kim',
      comment: 'No',
    });
    assert.equal((await open(backLink.token)).body.posts[0].outcome.decision, 'changes_requested');

    // Never sent for approval: a reviewer's answer is only recorded, and the page takes more.
    const direct = await t.request('POST', '/v1/posts', {
      content: 'Scheduled by an editor',
      platforms: [{ platform: 'twitter', accountId: tw }],
      scheduledFor: FUTURE,
    });
    assert.equal(direct.body.status, 'scheduled', direct.text);
    const directLink = await link({ postId: direct.body.postId });
    await decide(directLink.token, { postId: direct.body.postId, decision: 'approve', name: 'Kim' });
    assert.equal((await open(directLink.token)).body.posts[0].outcome, null);
  });

  it('keeps its creator’s reach: a link of an editor limited to P1 shows and decides only posts all within P1', async () => {
    const p1 = (await t.request('POST', '/v1/profiles', { name: 'P1' })).body.profile.id as string;
    const p2 = (await t.request('POST', '/v1/profiles', { name: 'P2' })).body.profile.id as string;
    const a1 = await addIntegration(t.ctx, t.projectId, 'linkedin', { profileId: p1 });
    const a2 = await addIntegration(t.ctx, t.projectId, 'bluesky', { profileId: p2 });
    await t.ctx.store.db
      .updateTable('integrations')
      .set({ username: 'p2-secret-handle', display_name: 'P2 Secret Name' })
      .where('id', '=', a2)
      .execute();
    const post = async (accounts: string[]) => {
      const res = await t.request(
        'POST',
        '/v1/posts',
        {
          content: 'For review',
          platforms: accounts.map((id) => ({
            platform: id === a1 ? 'linkedin' : 'bluesky',
            accountId: id,
          })),
          scheduledFor: FUTURE,
        },
        contributor,
      );
      assert.equal(res.status, 202, res.text);
      assert.equal(res.body.status ?? 'pending', 'pending');
      return res.body.postId as string;
    };
    const onlyP1 = await post([a1]);
    const both = await post([a1, a2]);
    const limited = {
      'x-access-key': (
        await createAccessKey(t.ctx, t.projectId, 'p1 editor', { role: 'editor', profileIds: [p1] })
      ).accessKey,
    };
    const created = await link({ profileId: p1 }, limited);
    const view = await open(created.token);
    assert.equal(view.status, 200, view.text);
    assert.deepEqual(
      view.body.posts.map((p: { postId: string }) => p.postId),
      [onlyP1],
    );
    assert.ok(
      !/p2-secret-handle|P2 Secret Name/.test(view.text),
      'the link shows an account outside its reach',
    );
    const refused = await decide(created.token, { postId: both, decision: 'approve', name: 'Kim' });
    assert.equal(refused.status, 404, refused.text);
    assert.equal((await t.request('GET', `/v1/posts/${both}`)).body.post.status, 'pending');
    // Nor a link to the one post, nor a member's decision on it, from that editor.
    assert.equal((await t.request('POST', '/v1/review-links', { postId: both }, limited)).status, 404);
    assert.equal((await t.request('POST', `/v1/posts/${both}/approve`, {}, limited)).status, 404);
    const ok = await decide(created.token, { postId: onlyP1, decision: 'approve', name: 'Kim' });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.moved, true);
    // A link of the whole project's editor still shows the post that spans both.
    const wide = await link({ profileId: p1 });
    assert.ok(
      (await open(wide.token)).body.posts.some((p: { postId: string }) => p.postId === both),
      'a creator who reaches every profile sees every post of the profile',
    );
  });

  it('shows a profile’s upcoming posts', async () => {
    const profile = (await t.request('POST', '/v1/profiles', { name: 'Client' })).body.profile;
    const acct = await addIntegration(t.ctx, t.projectId, 'linkedin', { profileId: profile.id });
    const upcoming = await t.request('POST', '/v1/posts', {
      content: 'Upcoming',
      platforms: [{ platform: 'linkedin', accountId: acct }],
      scheduledFor: FUTURE,
    });
    await t.request('POST', '/v1/posts', {
      content: 'Just a draft',
      platforms: [{ platform: 'linkedin', accountId: acct }],
      draft: true,
    });
    const created = await link({ profileId: profile.id });
    const view = await open(created.token);
    assert.deepEqual(
      view.body.posts.map((p: { postId: string }) => p.postId),
      [upcoming.body.postId],
    );
    assert.equal(
      (await t.request('POST', '/v1/review-links', { profileId: 'prof_nope' }, editor)).status,
      404,
    );
  });

  it('refuses bad link requests, and revoked, expired and unknown links with a reason', async () => {
    const postId = await submit();
    assert.equal((await t.request('POST', '/v1/review-links', {}, editor)).status, 400);
    assert.equal(
      (await t.request('POST', '/v1/review-links', { postId, profileId: 'x' }, editor)).status,
      400,
    );
    assert.equal(
      (await t.request('POST', '/v1/review-links', { postId, ttlHours: 100_000 }, editor)).status,
      400,
    );
    assert.equal(
      (await t.request('POST', '/v1/review-links', { postId, expiresAt: '2020-01-01T00:00:00Z' }, editor))
        .status,
      400,
    );
    assert.equal((await t.request('POST', '/v1/review-links', { postId: 'post_nope' }, editor)).status, 404);
    assert.equal((await t.request('POST', '/v1/review-links', { postId }, viewer)).status, 403);

    const created = await link({ postId });
    const listed = await t.request('GET', `/v1/review-links?postId=${postId}`, undefined, viewer);
    assert.equal(listed.body.total, 1);
    assert.equal('url' in listed.body.reviewLinks[0], false);
    const revoked = await t.request('DELETE', `/v1/review-links/${created.reviewLink.id}`, undefined, editor);
    assert.equal(revoked.status, 200);
    assert.equal(revoked.body.reviewLink.status, 'revoked');
    const gone = await open(created.token);
    assert.equal(gone.status, 403);
    assert.match(gone.body.message, /revoked/);
    assert.equal((await decide(created.token, { postId, decision: 'approve', name: 'Kim' })).status, 403);
    assert.equal((await t.request('DELETE', '/v1/review-links/rvl_nope', undefined, editor)).status, 404);

    const old = await link({ postId });
    await t.ctx.store.db
      .updateTable('review_links')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', old.reviewLink.id)
      .execute();
    const expired = await open(old.token);
    assert.equal(expired.status, 403);
    assert.match(expired.body.message, /expired/);
    const unknown = await open('not-a-token');
    assert.equal(unknown.status, 404);
    assert.match(unknown.body.message, /does not exist/);
  });
});
