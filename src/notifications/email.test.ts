import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../../test/harness.ts';
import { lifecycleEvent, target } from '../../test/notifications/events.ts';
import { bodyText, startSmtp } from '../../test/notifications/smtp.ts';
import { fanOutEvent } from '../domain/notifications/fanout.ts';

forEachDatabase('e-mail notifications', (dialect) => {
  let t: TestService;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  before(async () => {
    smtp = await startSmtp();
    t = await startTestService(dialect, {
      settings: {
        SMTP_URL: smtp.url,
        NOTIFICATIONS_EMAIL_FROM: 'Publishing <notify@example.com>',
        JOBS_POLL_MS: '20',
      },
    });
  });
  after(async () => {
    // A failed start leaves t unset: the SMTP server must still close, or the file never exits.
    try {
      await t?.close();
    } finally {
      await smtp?.close();
    }
  });

  it('sends a short message per event with each target outcome', async () => {
    const created = await t.request('POST', '/v1/notifications', {
      channel: 'email',
      eventTypes: ['post.partial'],
      email: { recipients: ['ops@example.com', 'lead@example.org'] },
    });
    assert.equal(created.status, 201, created.text);
    const sub = created.body.notification;
    assert.deepEqual(sub.email, { recipients: ['ops@example.com', 'lead@example.org'] });
    assert.equal(sub.webhook, undefined);

    const event = lifecycleEvent(t.projectId, 'post.partial', {
      content: 'Launch day! Our new release is out.',
      targets: [
        target({ platform: 'bluesky', platformPostUrl: 'https://bsky.app/profile/x/post/abc' }),
        target({
          platform: 'linkedin',
          integrationId: 'int_li',
          status: 'failed',
          platformPostId: null,
          platformPostUrl: null,
          publishedAt: null,
          errorMessage: 'The access token expired; reconnect the account',
        }),
      ],
    });
    await fanOutEvent(t.ctx.store.db, t.ctx.config, event);
    const [mail] = await smtp.waitFor(1);
    assert.ok(mail);
    assert.equal(mail.from, 'notify@example.com');
    assert.deepEqual(mail.to.sort(), ['lead@example.org', 'ops@example.com']);
    assert.match(mail.raw, /Subject: Post partly published: Launch day! Our new release is out\./);
    assert.match(mail.raw, new RegExp(`X-Service-Event-Id: ${event.id}`, 'i'));
    const text = bodyText(mail.raw);
    assert.match(text, /Launch day! Our new release is out\./);
    assert.match(text, /- bluesky \(int_a\): published — https:\/\/bsky\.app\/profile\/x\/post\/abc/);
    assert.match(
      text,
      /- linkedin \(int_li\): failed — error: The access token expired; reconnect the account/,
    );

    const deadline = Date.now() + 3000;
    let deliveries = (await t.request('GET', `/v1/notifications/${sub.id}/deliveries`)).body.deliveries;
    while (deliveries[0]?.status === 'pending' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      deliveries = (await t.request('GET', `/v1/notifications/${sub.id}/deliveries`)).body.deliveries;
    }
    assert.equal(deliveries[0].status, 'succeeded');
    assert.equal(deliveries[0].attempts[0].statusCode, null);
  });

  it('validates recipients and tests an e-mail destination', async () => {
    const bad = await t.request('POST', '/v1/notifications', {
      channel: 'email',
      eventTypes: ['post.failed'],
      email: { recipients: ['ops@example.com', 'not-an-address'] },
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, 'email.recipients[1] is not a valid e-mail address: "not-an-address"');

    const before = smtp.mails.length;
    const tested = await t.request('POST', '/v1/notifications/test', {
      channel: 'email',
      email: { recipients: ['check@example.com'] },
    });
    assert.equal(tested.status, 200);
    assert.equal(tested.body.success, true);
    assert.match(tested.body.message, /Test e-mail sent/);
    const mails = await smtp.waitFor(before + 1);
    assert.deepEqual(mails[before]?.to, ['check@example.com']);
  });
});
