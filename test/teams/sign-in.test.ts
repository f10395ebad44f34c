import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';
import {
  addMember,
  anonymous,
  asMember,
  cookieOf,
  invite,
  PASSWORD,
  TEAM_SETTINGS,
} from './members-fixture.ts';

forEachDatabase('Sign-in with e-mail and password, sessions', (dialect) => {
  let t: TestService;
  before(async () => {
    t = await startTestService(dialect, { settings: TEAM_SETTINGS });
  });
  after(() => t.close());

  it('invites, accepts with a new password, and the session cookie is a caller with the role', async () => {
    const m = await addMember(t, 'Ana@Example.com', 'editor');
    assert.match(m.cookie, /^sps_session=sess_/);
    const me = await asMember(t, m.cookie, 'GET', '/v1/auth/session');
    assert.equal(me.status, 200, me.text);
    assert.equal(me.body.session.kind, 'member');
    assert.equal(me.body.session.email, 'ana@example.com');
    assert.equal(me.body.session.role, 'editor');
    assert.equal((await asMember(t, m.cookie, 'GET', '/v1/profiles')).status, 200);
    // An editor does not manage members.
    const denied = await asMember(t, m.cookie, 'GET', '/v1/members');
    assert.equal(denied.status, 403);
    assert.match(denied.body.message, /needs manage access; the member has the editor role/);
  });

  it('signs in with the password (any case of the e-mail) and sets an HttpOnly SameSite cookie', async () => {
    const res = await anonymous(t, 'POST', '/v1/auth/sign-in', {
      email: 'ANA@example.com',
      password: PASSWORD,
    });
    assert.equal(res.status, 200, res.text);
    const setCookie = String(res.headers['set-cookie']);
    assert.match(setCookie, /HttpOnly/);
    assert.match(setCookie, /SameSite=Lax/);
    assert.doesNotMatch(setCookie, /Secure/);
    assert.equal(res.body.session.project.id, t.projectId);
    assert.equal(res.body.session.role, 'editor');
  });

  it('answers the same 401 to a wrong password and to an unknown e-mail', async () => {
    const wrong = await anonymous(t, 'POST', '/v1/auth/sign-in', {
      email: 'ana@example.com',
      password: 'nope nope nope',
    });
    const unknown = await anonymous(t, 'POST', '/v1/auth/sign-in', {
      email: 'nobody@example.com',
      password: 'nope nope nope',
    });
    assert.equal(wrong.status, 401);
    assert.deepEqual(wrong.body, unknown.body);
    assert.equal(wrong.headers['set-cookie'], undefined);
  });

  it('refuses a change with the session cookie from another origin or without one (CSRF)', async () => {
    const m = await addMember(t, 'csrf@example.com', 'editor');
    const foreign = await asMember(
      t,
      m.cookie,
      'POST',
      '/v1/profiles',
      { name: 'x' },
      { origin: 'https://evil.example' },
    );
    assert.equal(foreign.status, 403);
    assert.match(foreign.body.error, /sent from https:\/\/evil\.example/);
    const none = await t.service.server!.inject({
      method: 'POST',
      url: '/v1/profiles',
      headers: { cookie: m.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x' }),
    });
    assert.equal(none.statusCode, 403);
    const same = await asMember(t, m.cookie, 'POST', '/v1/profiles', { name: 'Own origin' });
    assert.equal(same.status, 201, same.text);
    // Reads need no Origin.
    const read = await t.service.server!.inject({
      method: 'GET',
      url: '/v1/profiles',
      headers: { cookie: m.cookie },
    });
    assert.equal(read.statusCode, 200);
  });

  it('signs out: the cookie stops working; a foreign cookie is 401', async () => {
    const m = await addMember(t, 'out@example.com', 'viewer');
    const out = await asMember(t, m.cookie, 'POST', '/v1/auth/sign-out');
    assert.equal(out.status, 200);
    assert.match(String(out.headers['set-cookie']), /Max-Age=0/);
    const after = await asMember(t, m.cookie, 'GET', '/v1/profiles');
    assert.equal(after.status, 401);
    assert.match(after.body.error, /session has ended/);
    const bogus = await asMember(t, 'sps_session=sess_bogus', 'GET', '/v1/auth/session');
    assert.equal(bogus.status, 401);
  });

  it('signs out everywhere: every session of the person ends', async () => {
    await addMember(t, 'many@example.com', 'viewer');
    const a = cookieOf(
      await anonymous(t, 'POST', '/v1/auth/sign-in', { email: 'many@example.com', password: PASSWORD }),
    );
    const b = cookieOf(
      await anonymous(t, 'POST', '/v1/auth/sign-in', { email: 'many@example.com', password: PASSWORD }),
    );
    assert.equal((await asMember(t, a, 'POST', '/v1/auth/sign-out-everywhere')).status, 200);
    assert.equal((await asMember(t, a, 'GET', '/v1/auth/session')).status, 401);
    assert.equal((await asMember(t, b, 'GET', '/v1/auth/session')).status, 401);
    // An access key has no account to sign out of.
    const key = await t.request('POST', '/v1/auth/sign-out-everywhere');
    assert.equal(key.status, 403);
  });

  it('an access key is still accepted, and wins over a cookie', async () => {
    const m = await addMember(t, 'both@example.com', 'viewer');
    const res = await t.request('POST', '/v1/profiles', { name: 'With key' }, { cookie: m.cookie });
    assert.equal(res.status, 201);
    const me = await t.request('GET', '/v1/auth/session');
    assert.equal(me.body.session.kind, 'key');
    assert.equal(me.body.session.role, 'owner');
  });

  it('an invitation link works once; an unknown one is 404; a short password is 400', async () => {
    const token = await invite(t, 'once@example.com', 'viewer');
    const info = await anonymous(t, 'GET', `/v1/auth/invitations/${token}`);
    assert.equal(info.status, 200);
    assert.equal(info.body.invitation.signedIn, false);
    const short = await anonymous(t, 'POST', `/v1/auth/invitations/${token}/accept`, { password: 'short' });
    assert.equal(short.status, 400);
    assert.match(short.body.message, /at least 10 characters/);
    assert.equal(
      (await anonymous(t, 'POST', `/v1/auth/invitations/${token}/accept`, { password: PASSWORD })).status,
      200,
    );
    const again = await anonymous(t, 'POST', `/v1/auth/invitations/${token}/accept`, { password: PASSWORD });
    assert.equal(again.status, 404);
    assert.equal((await anonymous(t, 'GET', '/v1/auth/invitations/spt_unknown')).status, 404);
  });
});
