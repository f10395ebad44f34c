/**
 * The typed client (client/) end to end: receive webhooks, connect an account,
 * publish to it, follow the outcome, and verify the webhook that reports it.
 *
 * Against a local service in sandbox mode (every platform served by the simulator),
 * allowing webhooks to this machine:
 *   OUTBOUND_ALLOWLIST=127.0.0.1 npm start
 *   npm run cli -- project create --name tour           # prints an access key
 *   API_URL=http://127.0.0.1:3000 ACCESS_KEY=<key> node examples/client-tour.ts
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ApiClient, createApiClient, verifyWebhook } from '../client/index.ts';

const FINAL = new Set(['published', 'partial', 'failed']);

export interface TourResult {
  integrationId: string;
  postId: string;
  status: string;
  platformPostUrl: string | null;
  webhook: { type: string; verified: boolean };
}

/** A webhook receiver on this machine that answers 200 and hands over each verified delivery. */
async function startReceiver() {
  const deliveries: { rawBody: string; headers: Record<string, string | string[] | undefined> }[] = [];
  const waiting: (() => void)[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      deliveries.push({ rawBody: body, headers: req.headers });
      res.writeHead(200).end();
      for (const wake of waiting.splice(0)) wake();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  return {
    url,
    deliveries,
    async next(timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      while (deliveries.length === 0) {
        if (Date.now() > deadline) throw new Error('no webhook delivery arrived');
        await new Promise<void>((r) => {
          waiting.push(r);
          setTimeout(r, 250);
        });
      }
      return deliveries.shift()!;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * Connects like a browser would: the connect URL, the platform's authorize page
 * (which in sandbox mode approves at once), the service's callback, and finally
 * the redirect to our redirectUri carrying the integration id.
 */
async function connectTwitter(api: ApiClient): Promise<string> {
  const redirectUri = 'https://client.example/connected';
  const { data, error } = await api.GET('/v1/connect/{platform}', {
    params: { path: { platform: 'twitter' }, query: { redirectUri } },
  });
  if (!data) throw new Error(`connect: ${JSON.stringify(error)}`);
  let location = data.url;
  for (let hop = 0; hop < 5 && !location.startsWith(redirectUri); hop++) {
    const res = await fetch(location, { redirect: 'manual' });
    await res.body?.cancel();
    const next = res.headers.get('location');
    if (!next) throw new Error(`connect stopped at ${location} (${res.status})`);
    location = new URL(next, location).toString();
  }
  const done = new URL(location);
  const id = done.searchParams.get('integrationId');
  if (!id) throw new Error(`connect failed: ${done.searchParams.get('error') ?? location}`);
  return id;
}

export async function runTour(options: { baseUrl: string; accessKey: string }): Promise<TourResult> {
  const api = createApiClient(options);
  const receiver = await startReceiver();
  try {
    const subscribed = await api.POST('/v1/notifications', {
      body: {
        channel: 'webhook',
        eventTypes: ['post.published', 'post.partial', 'post.failed'],
        webhook: { url: receiver.url },
      },
    });
    if (!subscribed.data) throw new Error(`subscribe: ${JSON.stringify(subscribed.error)}`);
    const secret = subscribed.data.notification.webhook?.secret ?? '';

    const integrationId = await connectTwitter(api);

    const created = await api.POST('/v1/posts', {
      body: {
        content: `Hello from the typed client, ${new Date().toISOString()}`,
        platforms: [{ platform: 'twitter', accountId: integrationId }],
        publishNow: true,
      },
    });
    if (!created.data) throw new Error(`create: ${JSON.stringify(created.error)}`);
    const postId = created.data.postId;

    // Follow the outcome: the post's record until its status is final.
    let post = (await api.GET('/v1/posts/{postId}', { params: { path: { postId } } })).data?.post;
    for (let i = 0; i < 120 && post && !FINAL.has(post.status); i++) {
      await new Promise((r) => setTimeout(r, 250));
      post = (await api.GET('/v1/posts/{postId}', { params: { path: { postId } } })).data?.post;
    }
    if (!post) throw new Error('the post could not be read');

    const delivery = await receiver.next(30_000);
    const verified = verifyWebhook(delivery.rawBody, delivery.headers, secret);
    return {
      integrationId,
      postId,
      status: post.status,
      platformPostUrl: post.platforms[0]?.platformPostUrl ?? null,
      webhook: { type: verified.ok ? verified.event.type : verified.reason, verified: verified.ok },
    };
  } finally {
    await receiver.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const baseUrl = process.env.API_URL ?? 'http://127.0.0.1:3000';
  const accessKey = process.env.ACCESS_KEY;
  if (!accessKey) {
    process.stderr.write('Set ACCESS_KEY (npm run cli -- project create --name tour prints one).\n');
    process.exit(2);
  }
  const result = await runTour({ baseUrl, accessKey });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
