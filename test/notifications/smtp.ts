/** An SMTP server on loopback for tests that read what the service mails. */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface Mail {
  from: string;
  to: string[];
  raw: string;
}

/** An SMTP server on loopback that keeps every message it accepts. */
export async function startSmtp() {
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
export const bodyText = (raw: string) => {
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
