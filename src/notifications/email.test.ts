import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { after, before, it } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { forEachDatabase, startTestService, type TestService } from '../../test/harness.ts';
import { lifecycleEvent, target } from '../../test/notifications/events.ts';
import { fanOutEvent } from '../domain/notifications/fanout.ts';

interface Mail {
  from: string;
  to: string[];
  raw: string;
}

/** An SMTP server on loopback that keeps every message it accepts. */
async function startSmtp() {
  const mails: Mail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(n: number, timeoutMs = 5000): Promise<Mail[]> {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < n) {
        if (Date.now() > deadline) throw new Error(`expected ${n} mails, got ${mails.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text part of a simple message, quoted-printable soft breaks undone. */
const bodyText = (raw: string) => {
  const qp = raw.slice(raw.indexOf('\r\n\r\n') + 4).replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < qp.length; i++) {
    if (qp[i] === '=' && /^[0-9A-F]{2}$/.test(qp.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(qp.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(qp.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
};

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
