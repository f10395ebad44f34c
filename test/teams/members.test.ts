import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createAccessKey } from '../../src/domain/projects/keys.ts';
import { createProject } from '../../src/domain/projects/projects.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';
import { addMember, anonymous, asMember, invite, PASSWORD, TEAM_SETTINGS } from './members-fixture.ts';

forEachDatabase('Members: invite, change, remove', (dialect) => {
  let t: TestService;
  let profileId: string;
  before(async () => {
    t = await startTestService(dialect, { settings: TEAM_SETTINGS });
    profileId = (await t.request('POST', '/v1/profiles', { name: 'Shop' })).body.profile.id;
  });
  after(() => t.close());

  it('lists members and open invitations; a second invitation for one e-mail replaces the first', async () => {
    const owner = await addMember(t, 'owner@example.com', 'owner');
    const first = await invite(t, 'pending@example.com', 'viewer');
    await invite(t, 'pending@example.com', 'contributor');
    const list = await asMember(t, owner.cookie, 'GET', '/v1/members');
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(
      list.body.members.map((m: { email: string; role: string }) => [m.email, m.role]),
      [['owner@example.com', 'owner']],
    );
    assert.deepEqual(
      list.body.invitations.map((i: { email: string; role: string }) => [i.email, i.role]),
      [['pending@example.com', 'contributor']],
    );
    assert.equal((await anonymous(t, 'GET', `/v1/auth/invitations/${first}`)).status, 404);
  });

  it('answers 400 to a bad invitation, 404 to a profile of no project, 409 to an existing member', async () => {
    const bad = await t.request('POST', '/v1/members', { email: 'not-an-email', role: 'viewer' });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /email must be a valid email/);
    const role = await t.request('POST', '/v1/members', { email: 'x@example.com', role: 'god' });
    assert.equal(role.status, 400);
    const profile = await t.request('POST', '/v1/members', {
      email: 'x@example.com',
      role: 'viewer',
      profileIds: ['prof_nope'],
    });
    assert.equal(profile.status, 404);
    const dup = await t.request('POST', '/v1/members', { email: 'OWNER@example.com', role: 'viewer' });
    assert.equal(dup.status, 409);
  });

  it('only an owner makes owners; an admin gets 403', async () => {
    const admin = await addMember(t, 'admin@example.com', 'admin');
    const res = await asMember(t, admin.cookie, 'POST', '/v1/members', {
      email: 'new-owner@example.com',
      role: 'owner',
    });
    assert.equal(res.status, 403);
    assert.match(res.body.message, /Only an owner/);
    const ok = await asMember(t, admin.cookie, 'POST', '/v1/members', {
      email: 'helper@example.com',
      role: 'editor',
    });
    assert.equal(ok.status, 201, ok.text);
  });

  it('a caller limited to profiles invites only within them', async () => {
    const { accessKey } = await createAccessKey(t.ctx, t.projectId, 'scoped admin', {
      role: 'admin',
      profileIds: [profileId],
    });
    const wide = await t.request(
      'POST',
      '/v1/members',
      { email: 'wide@example.com', role: 'viewer' },
      { 'x-access-key': accessKey },
    );
    assert.equal(wide.status, 403);
    const narrow = await t.request(
      'POST',
      '/v1/members',
      { email: 'narrow@example.com', role: 'viewer', profileIds: [profileId] },
      { 'x-access-key': accessKey },
    );
    assert.equal(narrow.status, 201, narrow.text);
  });

  it('the last owner can be neither demoted nor removed (409); with a second owner it can', async () => {
    const list = (await t.request('GET', '/v1/members')).body.members as { id: string; email: string }[];
    const owner = list.find((m) => m.email === 'owner@example.com')!;
    const demote = await t.request('PATCH', `/v1/members/${owner.id}`, { role: 'admin' });
    assert.equal(demote.status, 409);
    assert.match(demote.body.message, /last owner/);
    assert.equal((await t.request('DELETE', `/v1/members/${owner.id}`)).status, 409);
    const second = await addMember(t, 'owner2@example.com', 'owner');
    const ok = await t.request('PATCH', `/v1/members/${owner.id}`, { role: 'admin' });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.member.role, 'admin');
    // An admin may not touch an owner.
    const admin = await addMember(t, 'admin2@example.com', 'admin');
    const denied = await asMember(t, admin.cookie, 'DELETE', `/v1/members/${second.memberId}`);
    assert.equal(denied.status, 403);
  });

  it('two owners demoting or removing each other at once leave one owner (the owner set is locked)', async () => {
    const statuses: number[][] = [];
    for (let round = 0; round < 6; round++) {
      // A project of its own with exactly two owners.
      const project = await createProject(t.ctx, `owners ${round}`);
      const p: TestService = {
        ...t,
        ...project,
        request: (method, url, body, headers = {}) =>
          t.request(method, url, body, { 'x-access-key': project.accessKey, ...headers }),
      };
      const a = await addMember(p, `a${round}@owners.example`, 'owner');
      const b = await addMember(p, `b${round}@owners.example`, 'owner');
      const remove = round % 2 === 1;
      const answers = await Promise.all([
        asMember(
          p,
          a.cookie,
          remove ? 'DELETE' : 'PATCH',
          `/v1/members/${b.memberId}`,
          remove ? undefined : { role: 'admin' },
        ),
        asMember(
          p,
          b.cookie,
          remove ? 'DELETE' : 'PATCH',
          `/v1/members/${a.memberId}`,
          remove ? undefined : { role: 'admin' },
        ),
      ]);
      statuses.push(answers.map((r) => r.status).sort());
      const owners = await t.ctx.store.db
        .selectFrom('members')
        .select('id')
        .where('project_id', '=', project.projectId)
        .where('role', '=', 'owner')
        .execute();
      assert.equal(
        owners.length,
        1,
        `round ${round}: ${answers.map((r) => `${r.status} ${r.text}`).join(' | ')}`,
      );
    }
    // One change is made; the other is refused: 409 (the last owner), or, when it was checked after
    // the first change, 403 (no longer an owner) or 401 (removed, the session ended).
    for (const [first, second] of statuses) {
      assert.equal(first, 200);
      assert.ok([401, 403, 409].includes(second ?? 0), String(second));
    }
    assert.ok(
      statuses.some(([, s]) => s === 409),
      'the race was run at least once',
    );
  });

  it('a role change applies to the next request; removal ends the sessions at once', async () => {
    const m = await addMember(t, 'changing@example.com', 'editor');
    assert.equal((await asMember(t, m.cookie, 'POST', '/v1/profiles', { name: 'By editor' })).status, 201);
    assert.equal((await t.request('PATCH', `/v1/members/${m.memberId}`, { role: 'viewer' })).status, 200);
    const denied = await asMember(t, m.cookie, 'POST', '/v1/profiles', { name: 'By viewer' });
    assert.equal(denied.status, 403);
    assert.match(denied.body.error, /the member has the viewer role/);
    assert.equal((await t.request('DELETE', `/v1/members/${m.memberId}`)).status, 200);
    const gone = await asMember(t, m.cookie, 'GET', '/v1/profiles');
    assert.equal(gone.status, 401);
    const signIn = await anonymous(t, 'POST', '/v1/auth/sign-in', {
      email: 'changing@example.com',
      password: PASSWORD,
    });
    assert.equal(signIn.status, 403);
    assert.match(signIn.body.message, /not a member of any project/);
  });

  it("answers 404 for a member or invitation that is not this project's, and 400 to an empty change", async () => {
    assert.equal((await t.request('PATCH', '/v1/members/mem_nope', { role: 'viewer' })).status, 404);
    assert.equal((await t.request('DELETE', '/v1/members/mem_nope')).status, 404);
    assert.equal((await t.request('DELETE', '/v1/members/invitations/inv_nope')).status, 404);
    const list = (await t.request('GET', '/v1/members')).body.members as { id: string }[];
    const empty = await t.request('PATCH', `/v1/members/${list[0]!.id}`, {});
    assert.equal(empty.status, 400);
  });

  it('withdraws an invitation: its link stops working', async () => {
    const token = await invite(t, 'withdrawn@example.com', 'viewer');
    const open = (await t.request('GET', '/v1/members')).body.invitations as { id: string; email: string }[];
    const inv = open.find((i) => i.email === 'withdrawn@example.com')!;
    assert.equal((await t.request('DELETE', `/v1/members/invitations/${inv.id}`)).status, 200);
    assert.equal(
      (await anonymous(t, 'POST', `/v1/auth/invitations/${token}/accept`, { password: PASSWORD })).status,
      404,
    );
  });

  it('a person in two projects accepts with their existing password and switches project', async () => {
    const { createProject } = await import('../../src/domain/projects/projects.ts');
    const other = await createProject(t.ctx, 'second');
    const res = await t.request('POST', '/v1/members', { email: 'helper2@example.com', role: 'viewer' });
    const token1 = String(res.body.link).split('#')[1];
    const first = await anonymous(t, 'POST', `/v1/auth/invitations/${token1}/accept`, { password: PASSWORD });
    assert.equal(first.status, 200);
    const inv2 = await t.request(
      'POST',
      '/v1/members',
      { email: 'helper2@example.com', role: 'editor' },
      { 'x-access-key': other.accessKey },
    );
    const token2 = String(inv2.body.link).split('#')[1];
    const wrong = await anonymous(t, 'POST', `/v1/auth/invitations/${token2}/accept`, {
      password: 'another password',
    });
    assert.equal(wrong.status, 401);
    const ok = await anonymous(t, 'POST', `/v1/auth/invitations/${token2}/accept`, { password: PASSWORD });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.session.project.id, other.projectId);
    assert.equal(ok.body.session.projects.length, 2);
    const cookie = String(ok.headers['set-cookie']).split(';')[0]!;
    const switched = await asMember(t, cookie, 'POST', '/v1/auth/switch-project', { projectId: t.projectId });
    assert.equal(switched.status, 200, switched.text);
    assert.equal(switched.body.session.role, 'viewer');
    assert.equal((await asMember(t, cookie, 'GET', '/v1/auth/session')).status, 401);
    const notMine = await asMember(
      t,
      String(switched.headers['set-cookie']).split(';')[0]!,
      'POST',
      '/v1/auth/switch-project',
      { projectId: 'proj_nope' },
    );
    assert.equal(notMine.status, 404);
  });
});
