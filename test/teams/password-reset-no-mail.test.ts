/**
 * Password reset on a service with no mail server: the sign-in page learns that no
 * reset e-mail can be sent, the answer to asking says to ask an owner (the same for
 * any address), and the service logs a warning naming the way an owner makes a link.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { pino } from 'pino';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';
import { addMember, anonymous, TEAM_SETTINGS } from './members-fixture.ts';

forEachDatabase('password reset without e-mail', (dialect) => {
  let t: TestService;
  const lines: { level: number; msg: string; email?: unknown }[] = [];
  before(async () => {
    const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    t = await startTestService(dialect, { settings: { ...TEAM_SETTINGS }, log });
  });
  after(() => t.close());

  it('says to ask an owner, the same for any address, and logs a warning without the address', async () => {
    const methods = await anonymous(t, 'GET', '/v1/auth/methods');
    assert.equal(methods.body.passwordResetByEmail, false);
    await addMember(t, 'forgot@example.com', 'editor');
    const known = await anonymous(t, 'POST', '/v1/auth/password-reset', { email: 'forgot@example.com' });
    const unknown = await anonymous(t, 'POST', '/v1/auth/password-reset', { email: 'nobody@example.com' });
    assert.equal(known.status, 200, known.text);
    assert.deepEqual(known.body, unknown.body);
    assert.match(known.body.message, /can not send e-mail: ask an owner/);
    assert.doesNotMatch(known.body.message, /on its way/);
    const warnings = lines.filter((l) => l.level === 40 && /password reset was asked for/.test(l.msg));
    assert.equal(warnings.length, 2, JSON.stringify(lines));
    assert.match(warnings[0]?.msg ?? '', /member reset-link/);
    assert.ok(!JSON.stringify(warnings).includes('forgot@example.com'));
  });
});
