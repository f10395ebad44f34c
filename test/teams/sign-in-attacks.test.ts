/**
 * Sign-in as an attacker tries it: the owner of one project invites an e-mail that
 * has an account elsewhere and tries to turn the invitation into a session of that
 * person (guessing the password, skipping the second factor, then switching to the
 * victim's own project); many guesses sent at once; the right password without the
 * code; a replayed authenticator code; a foreign page signing a browser in.
 *
 * SIGNIN_DELAY_AFTER_FAILURES equals SIGNIN_LOCK_AFTER_FAILURES here, so a burst
 * meets the lock itself (not the slow-down) and the cap it proves is the lock's.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createProject } from '../../src/domain/projects/projects.ts';
import { base32Decode, totpAt } from '../../src/domain/teams/totp.ts';
import { forEachDatabase, startTestService, type TestResponse, type TestService } from '../harness.ts';
import { addMember, anonymous, asMember, cookieOf, PASSWORD, TEAM_SETTINGS } from './members-fixture.ts';

const LOCK = 10;

forEachDatabase('Sign-in against an attacker', (dialect) => {
  let t: TestService;
  let now = Date.parse('2026-11-26T10:00:00.000Z');
  before(async () => {
    t = await startTestService(dialect, {
      settings: {
        ...TEAM_SETTINGS,
        SIGNIN_DELAY_AFTER_FAILURES: String(LOCK),
        SIGNIN_LOCK_AFTER_FAILURES: String(LOCK),
        SIGNIN_LOCK_MINUTES: '15',
      },
    });
    t.ctx.now = () => new Date(now);
  });
  after(() => t.close());
  // Every test starts after the counts of the one before have lapsed.
  const nextTest = () => {
    now += 60 * 60_000;
  };

  let calls = 0;
  const fresh = () => `10.20.${Math.floor(++calls / 250)}.${calls % 250}`;
  async function send(
    method: string,
    url: string,
    body: unknown,
    ip = fresh(),
    headers: Record<string, string> = {},
  ): Promise<TestResponse> {
    const res = await t.service.server!.inject({
      method: method as 'POST',
      url,
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
    let parsed: unknown;
    try {
      parsed = JSON.parse(res.body);
    } catch {}
    return { status: res.statusCode, headers: res.headers, body: parsed, text: res.body };
  }
  const signIn = (body: Record<string, string>, ip?: string, headers?: Record<string, string>) =>
    send('POST', '/v1/auth/sign-in', body, ip, headers);
  const accept = (token: string, body: Record<string, string>, ip?: string) =>
    send('POST', `/v1/auth/invitations/${token}/accept`, body, ip);

  /** A member of the test project with a second factor; answers its secret. */
  async function memberWithTotp(email: string): Promise<{ cookie: string; secret: Buffer }> {
    const m = await addMember(t, email, 'owner');
    const enrol = await asMember(t, m.cookie, 'POST', '/v1/auth/totp/enrol');
    const secret = base32Decode(enrol.body.secret);
    const confirm = await asMember(t, m.cookie, 'POST', '/v1/auth/totp/confirm', {
      code: totpAt(secret, now),
    });
    assert.equal(confirm.status, 200, confirm.text);
    now += 30_000;
    return { cookie: m.cookie, secret };
  }

  /** An invitation from another project (its owner is the attacker) to `email`. */
  async function inviteFromElsewhere(email: string): Promise<string> {
    const other = await createProject(t.ctx, `attacker of ${email}`);
    const res = await t.request(
      'POST',
      '/v1/members',
      { email, role: 'owner' },
      { 'x-access-key': other.accessKey },
    );
    assert.equal(res.status, 201, res.text);
    return String(res.body.link).split('#')[1]!;
  }

  it('the takeover through an invitation fails: no oracle, the same lock, the code is asked, no session', async () => {
    nextTest();
    const victim = await memberWithTotp('victim@example.com');
    const token = await inviteFromElsewhere('victim@example.com');

    // The invitation read says nothing about the account behind the e-mail.
    const read = await anonymous(t, 'GET', `/v1/auth/invitations/${token}`);
    const newcomer = await anonymous(
      t,
      'GET',
      `/v1/auth/invitations/${await inviteFromElsewhere('new@example.com')}`,
    );
    assert.equal(read.status, 200, read.text);
    assert.equal('hasPassword' in read.body.invitation, false, read.text);
    assert.deepEqual(Object.keys(read.body.invitation), Object.keys(newcomer.body.invitation));
    assert.equal(read.body.invitation.signedIn, newcomer.body.invitation.signedIn);

    // Guessing on the accept path counts on the sign-in lock: the try after the limit is 429 on both.
    for (let i = 0; i < LOCK; i++) {
      const guess = await accept(token, { password: `guess number ${i}` });
      assert.equal(guess.status, 401, guess.text);
      assert.equal(guess.headers['set-cookie'], undefined);
    }
    assert.equal((await accept(token, { password: PASSWORD })).status, 429);
    assert.equal((await signIn({ email: 'victim@example.com', password: PASSWORD })).status, 429);

    // The password alone (say it was guessed) makes no session: the second factor is asked as at sign-in.
    now += 16 * 60_000;
    const noCode = await accept(token, { password: PASSWORD });
    assert.equal(noCode.status, 401, noCode.text);
    assert.equal(noCode.headers['set-cookie'], undefined);
    const wrongCode = await accept(token, { password: PASSWORD, totpCode: '000000' });
    assert.equal(wrongCode.status, 401);
    assert.equal(wrongCode.headers['set-cookie'], undefined);
    // Nothing to switch with: without a session the switch is 401.
    const switched = await send('POST', '/v1/auth/switch-project', { projectId: t.projectId });
    assert.equal(switched.status, 401);
    // The token was not used up by the refusals, and works once for the person with the code.
    const good = await accept(token, { password: PASSWORD, totpCode: totpAt(victim.secret, now) });
    assert.equal(good.status, 200, good.text);
    assert.equal((await accept(token, { password: PASSWORD })).status, 404);
  });

  it('a lock earned on the sign-in path holds on the accept path', async () => {
    nextTest();
    await addMember(t, 'locked-first@example.com', 'viewer');
    const token = await inviteFromElsewhere('locked-first@example.com');
    for (let i = 0; i < LOCK; i++)
      assert.equal(
        (await signIn({ email: 'locked-first@example.com', password: `wrong ${i} wrong` })).status,
        401,
      );
    const res = await accept(token, { password: PASSWORD });
    assert.equal(res.status, 429, res.text);
    assert.ok(Number(res.headers['retry-after']) > 0);
  });

  it('counts failures on the accept path per address too', async () => {
    nextTest();
    const ip = fresh();
    for (let i = 0; i < LOCK; i++) {
      await addMember(t, `spread${i}@example.com`, 'viewer');
      const token = await inviteFromElsewhere(`spread${i}@example.com`);
      assert.equal((await accept(token, { password: 'not theirs at all' }, ip)).status, 401);
    }
    assert.equal((await signIn({ email: 'spread0@example.com', password: PASSWORD }, ip)).status, 429);
  });

  it('signed in as the person, the invitation is accepted without the password; the session ends as the old one', async () => {
    nextTest();
    const member = await addMember(t, 'joiner@example.com', 'viewer');
    const first = await asMember(t, member.cookie, 'GET', '/v1/auth/session');
    const token = await inviteFromElsewhere('joiner@example.com');
    const read = await asMember(t, member.cookie, 'GET', `/v1/auth/invitations/${token}`);
    assert.equal(read.body.invitation.signedIn, true, read.text);
    // Someone else's session is no proof: the password is asked.
    const other = await addMember(t, 'someone-else@example.com', 'viewer');
    assert.equal(
      (await asMember(t, other.cookie, 'POST', `/v1/auth/invitations/${token}/accept`, {})).status,
      401,
    );
    // A foreign page cannot make the signed-in browser accept.
    const foreign = await asMember(
      t,
      member.cookie,
      'POST',
      `/v1/auth/invitations/${token}/accept`,
      {},
      { origin: 'https://evil.example' },
    );
    assert.equal(foreign.status, 403);
    now += 60 * 60_000;
    const ok = await asMember(t, member.cookie, 'POST', `/v1/auth/invitations/${token}/accept`, {});
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.session.projects.length, 2);
    assert.equal(ok.body.session.expiresAt, first.body.session.expiresAt);
    // The session it replaced ended.
    assert.equal((await asMember(t, member.cookie, 'GET', '/v1/auth/session')).status, 401);
  });

  it('switching project keeps the end of the session (it never outlives the sign-in)', async () => {
    nextTest();
    const member = await addMember(t, 'switcher@example.com', 'viewer');
    const token = await inviteFromElsewhere('switcher@example.com');
    const joined = await asMember(t, member.cookie, 'POST', `/v1/auth/invitations/${token}/accept`, {});
    const signedIn = await signIn({
      email: 'switcher@example.com',
      password: PASSWORD,
      projectId: t.projectId,
    });
    assert.equal(signedIn.status, 200, signedIn.text);
    const end = signedIn.body.session.expiresAt;
    now += 60 * 60_000;
    const switched = await asMember(t, cookieOf(signedIn), 'POST', '/v1/auth/switch-project', {
      projectId: joined.body.session.project.id,
    });
    assert.equal(switched.status, 200, switched.text);
    assert.equal(switched.body.session.expiresAt, end);
  });

  it(`${60} wrong passwords at once for one e-mail: at most ${LOCK} are checked`, async (c) => {
    nextTest();
    await addMember(t, 'burst@example.com', 'viewer');
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        signIn({ email: 'burst@example.com', password: `burst guess ${i}` }),
      ),
    );
    const checked = answers.filter((a) => a.status === 401).length;
    c.diagnostic(`${dialect}: 60 wrong passwords at once, ${checked} checked`);
    assert.ok(checked <= LOCK, `${checked} checked`);
    assert.ok(checked >= 1);
    assert.ok(answers.every((a) => a.status === 401 || a.status === 429));
    // From one address at many e-mails, the same.
    const ip = fresh();
    const spread = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        signIn({ email: `nobody${i}@example.com`, password: 'guess guess' }, ip),
      ),
    );
    assert.ok(spread.filter((a) => a.status === 401).length <= LOCK);
  });

  it(`${60} wrong codes at once with the right password: at most ${LOCK} are checked`, async (c) => {
    nextTest();
    await memberWithTotp('codes@example.com');
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        signIn({ email: 'codes@example.com', password: PASSWORD, totpCode: String(100000 + i) }),
      ),
    );
    const checked = answers.filter((a) => a.status === 401).length;
    c.diagnostic(`${dialect}: 60 codes at once, ${checked} checked`);
    assert.ok(checked <= LOCK, `${checked} checked`);
    assert.ok(answers.every((a) => a.status === 401 || a.status === 429));
  });

  it(`${60} wrong passwords at once on the accept path: at most ${LOCK} are checked`, async (c) => {
    nextTest();
    await addMember(t, 'accept-burst@example.com', 'viewer');
    const token = await inviteFromElsewhere('accept-burst@example.com');
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => accept(token, { password: `accept guess ${i}` })),
    );
    const checked = answers.filter((a) => a.status === 401).length;
    c.diagnostic(`${dialect}: 60 accepts at once, ${checked} checked`);
    assert.ok(checked <= LOCK, `${checked} checked`);
    assert.ok(answers.every((a) => a.status === 401 || a.status === 429));
  });

  it('the right password without the code is answered and counted as a wrong password', async () => {
    nextTest();
    await memberWithTotp('nocode@example.com');
    const wrong = await signIn({ email: 'nocode@example.com', password: 'not the password' });
    const noCode = await signIn({ email: 'nocode@example.com', password: PASSWORD });
    assert.equal(noCode.status, 401);
    assert.deepEqual(noCode.body, wrong.body);
    for (let i = 2; i < LOCK; i++)
      assert.equal((await signIn({ email: 'nocode@example.com', password: PASSWORD })).status, 401);
    assert.equal((await signIn({ email: 'nocode@example.com', password: PASSWORD })).status, 429);
  });

  it('an authenticator code signs in once', async () => {
    nextTest();
    const m = await memberWithTotp('replay@example.com');
    const code = totpAt(m.secret, now);
    assert.equal(
      (await signIn({ email: 'replay@example.com', password: PASSWORD, totpCode: code })).status,
      200,
    );
    const again = await signIn({ email: 'replay@example.com', password: PASSWORD, totpCode: code });
    assert.equal(again.status, 401, again.text);
    // A code of an earlier step than the last accepted one is refused too.
    now += 30_000;
    const next = totpAt(m.secret, now);
    assert.equal(
      (await signIn({ email: 'replay@example.com', password: PASSWORD, totpCode: next })).status,
      200,
    );
    const older = await signIn({ email: 'replay@example.com', password: PASSWORD, totpCode: code });
    assert.equal(older.status, 401);
  });

  it('sign-in refuses a foreign Referer when Origin is absent', async () => {
    nextTest();
    await addMember(t, 'referer@example.com', 'viewer');
    const body = { email: 'referer@example.com', password: PASSWORD };
    const foreign = await signIn(body, undefined, { referer: 'https://evil.example/page' });
    assert.equal(foreign.status, 403, foreign.text);
    assert.equal(foreign.headers['set-cookie'], undefined);
    const own = await signIn(body, undefined, { referer: `${t.ctx.config.PUBLIC_URL}/` });
    assert.equal(own.status, 200, own.text);
    // A client that is no browser sends neither header.
    assert.equal((await signIn(body)).status, 200);
  });
});
