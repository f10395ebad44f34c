import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { issueResetLink } from '../../src/domain/teams/password-reset.ts';
import { base32Decode, totpAt } from '../../src/domain/teams/totp.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';
import { addMember, anonymous, asMember, cookieOf, PASSWORD, TEAM_SETTINGS } from './members-fixture.ts';

forEachDatabase('Lockout, two-factor sign-in, password reset', (dialect) => {
  let t: TestService;
  let now = Date.parse('2026-11-26T10:00:00.000Z');
  before(async () => {
    t = await startTestService(dialect, {
      settings: {
        ...TEAM_SETTINGS,
        SIGNIN_DELAY_AFTER_FAILURES: '3',
        SIGNIN_LOCK_AFTER_FAILURES: '5',
        SIGNIN_LOCK_MINUTES: '15',
      },
    });
    t.ctx.now = () => new Date(now);
  });
  after(() => t.close());

  // Each call from an address of its own unless one is given: the per-address count stays out of the way.
  let calls = 0;
  const signIn = (
    email: string,
    password: string,
    extra: Record<string, string> = {},
    ip = `10.0.${++calls}.1`,
  ) =>
    t.service.server!.inject({
      method: 'POST',
      url: '/v1/auth/sign-in',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password, ...extra }),
    });

  it('slows down, then locks an e-mail after repeated failures, known or not alike', async () => {
    await addMember(t, 'locked@example.com', 'viewer');
    for (const email of ['locked@example.com', 'ghost@example.com']) {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await signIn(email, 'wrong password!', {}, `10.1.0.${i}`)).statusCode);
      assert.deepEqual(statuses, [401, 401, 401]);
      // The 4th attempt comes too soon after the 3rd.
      const early = await signIn(email, 'wrong password!', {}, '10.1.0.9');
      assert.equal(early.statusCode, 429, `${email}: ${early.body}`);
      assert.equal(early.headers['retry-after'], '1');
      now += 1_500;
      assert.equal((await signIn(email, 'wrong password!', {}, '10.1.0.10')).statusCode, 401);
      now += 2_500;
      assert.equal((await signIn(email, 'wrong password!', {}, '10.1.0.11')).statusCode, 401);
      // Five failures: locked, even with the right password.
      const locked = await signIn(email, PASSWORD, {}, '10.1.0.12');
      assert.equal(locked.statusCode, 429);
      assert.match(JSON.parse(locked.body).message, /locked for 15 more minute/);
    }
    now += 15 * 60_000 + 1000;
    assert.equal((await signIn('locked@example.com', PASSWORD)).statusCode, 200);
  });

  it('counts failures per address too', async () => {
    for (let i = 0; i < 3; i++) await signIn(`spray${i}@example.com`, 'wrong password!', {}, '10.9.9.9');
    const res = await signIn('spray9@example.com', 'wrong password!', {}, '10.9.9.9');
    assert.equal(res.statusCode, 429);
    now += 60 * 60_000;
  });

  it('enrols TOTP, then asks for the code at sign-in; recovery codes work once', async () => {
    const m = await addMember(t, 'totp@example.com', 'viewer');
    const enrol = await asMember(t, m.cookie, 'POST', '/v1/auth/totp/enrol');
    assert.equal(enrol.status, 200, enrol.text);
    assert.match(
      enrol.body.otpauthUri,
      /^otpauth:\/\/totp\/Social%20Publishing%3Atotp%40example\.com\?secret=/,
    );
    const secret = base32Decode(enrol.body.secret);
    const wrongCode = await asMember(t, m.cookie, 'POST', '/v1/auth/totp/confirm', { code: '000000' });
    assert.equal(wrongCode.status, 400);
    // The code of the step before counts (clock drift).
    const confirm = await asMember(t, m.cookie, 'POST', '/v1/auth/totp/confirm', {
      code: totpAt(secret, now - 30_000),
    });
    assert.equal(confirm.status, 200, confirm.text);
    assert.equal(confirm.body.recoveryCodes.length, 10);
    assert.equal((await asMember(t, m.cookie, 'POST', '/v1/auth/totp/enrol')).status, 409);

    const noCode = await signIn('totp@example.com', PASSWORD);
    assert.equal(noCode.statusCode, 401);
    assert.match(JSON.parse(noCode.body).message, /totpCode/);
    const badCode = await signIn('totp@example.com', PASSWORD, { totpCode: '123456' });
    assert.equal(badCode.statusCode, 401);
    const good = await signIn('totp@example.com', PASSWORD, { totpCode: totpAt(secret, now) });
    assert.equal(good.statusCode, 200, good.body);
    const recovery = confirm.body.recoveryCodes[0];
    assert.equal((await signIn('totp@example.com', PASSWORD, { totpCode: recovery })).statusCode, 200);
    assert.equal((await signIn('totp@example.com', PASSWORD, { totpCode: recovery })).statusCode, 401);

    // The code that signed in above was used up: turning off takes the next step's code.
    const used = await asMember(t, m.cookie, 'POST', '/v1/auth/totp/disable', { code: totpAt(secret, now) });
    assert.equal(used.status, 400, used.text);
    now += 30_000;
    const off = await asMember(t, m.cookie, 'POST', '/v1/auth/totp/disable', { code: totpAt(secret, now) });
    assert.equal(off.status, 200, off.text);
    assert.equal((await signIn('totp@example.com', PASSWORD)).statusCode, 200);
    assert.equal(
      (await asMember(t, m.cookie, 'POST', '/v1/auth/totp/disable', { code: '123456' })).status,
      409,
    );
    // An access key has no account.
    assert.equal((await t.request('POST', '/v1/auth/totp/enrol')).status, 403);
  });

  it('a reset link sets a new password once and ends every session; asking reveals nothing', async () => {
    const m = await addMember(t, 'reset@example.com', 'viewer');
    const ask = await anonymous(t, 'POST', '/v1/auth/password-reset', { email: 'reset@example.com' });
    const askUnknown = await anonymous(t, 'POST', '/v1/auth/password-reset', { email: 'nobody@example.com' });
    assert.equal(ask.status, 200);
    assert.deepEqual(ask.body, askUnknown.body);
    const issued = await issueResetLink(t.ctx, 'reset@example.com');
    const token = issued!.link.split('#')[1];
    const short = await anonymous(t, 'POST', '/v1/auth/password-reset/complete', {
      token,
      password: 'short',
    });
    assert.equal(short.status, 400);
    const done = await anonymous(t, 'POST', '/v1/auth/password-reset/complete', {
      token,
      password: 'a brand new password',
    });
    assert.equal(done.status, 200, done.text);
    assert.equal((await asMember(t, m.cookie, 'GET', '/v1/auth/session')).status, 401);
    assert.equal((await signIn('reset@example.com', PASSWORD)).statusCode, 401);
    const fresh = await signIn('reset@example.com', 'a brand new password');
    assert.equal(fresh.statusCode, 200);
    assert.ok(
      cookieOf({ status: 200, headers: fresh.headers, body: null, text: '' }).startsWith('sps_session='),
    );
    const again = await anonymous(t, 'POST', '/v1/auth/password-reset/complete', {
      token,
      password: 'another new password',
    });
    assert.equal(again.status, 404);
  });

  it('ends a session after the idle time', async () => {
    const m = await addMember(t, 'idle@example.com', 'viewer');
    assert.equal((await asMember(t, m.cookie, 'GET', '/v1/auth/session')).status, 200);
    now += (t.ctx.config.SESSION_IDLE_MINUTES + 1) * 60_000;
    assert.equal((await asMember(t, m.cookie, 'GET', '/v1/auth/session')).status, 401);
  });
});
