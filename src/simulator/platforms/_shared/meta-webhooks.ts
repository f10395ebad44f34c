/**
 * Meta's webhooks on the simulator: an app registers a callback (as on Meta's App
 * Dashboard: callback URL, and the app secret deliveries are signed with), and
 * every new comment on a Facebook Page post, Instagram media or Threads post, and
 * every message someone sends an Instagram account, is POSTed there the way Meta
 * sends it: the platform's payload shape, `X-Hub-Signature-256: sha256=<hex
 * HMAC-SHA256 of the raw body with the app secret>`. Deliveries are sent after
 * the comment is stored and never block or fail the call that made it; each is
 * tried once (Meta retries; tests need not).
 *
 * Register with `subscribeMetaWebhooks(sim, platform, {callbackUrl})` or
 * `POST /_sim/webhooks {platform, callbackUrl, appSecret?}`; the app secret
 * defaults to the platform's sandbox app (the one the service uses in sandbox mode).
 */
import { createHmac } from 'node:crypto';
import { sandboxApp } from '../../../facts/sandbox-app.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import type { SimComment } from './meta-comments.ts';

export type MetaWebhookPlatform = 'facebook' | 'instagram' | 'threads';

export interface MetaWebhookSubscription {
  callbackUrl: string;
  appSecret: string;
}

const subscriptions = (sim: Simulator, platform: MetaWebhookPlatform) =>
  sim.state.collection<MetaWebhookSubscription>(platform, 'webhook_subscriptions');

export function subscribeMetaWebhooks(
  sim: Simulator,
  platform: MetaWebhookPlatform,
  s: { callbackUrl: string; appSecret?: string },
): MetaWebhookSubscription {
  const sub = { callbackUrl: s.callbackUrl, appSecret: s.appSecret ?? sandboxApp(platform).clientSecret };
  subscriptions(sim, platform).set('app', sub);
  return sub;
}

export const metaWebhookSubscription = (sim: Simulator, platform: MetaWebhookPlatform) =>
  subscriptions(sim, platform).get('app');

/** Deliveries on their way, so tests (and close) can wait for them. */
const pending = new WeakMap<Simulator, Set<Promise<void>>>();

/** Resolves once every delivery started so far has been answered (or failed). */
export async function metaWebhooksSettled(sim: Simulator): Promise<void> {
  await Promise.all([...(pending.get(sim) ?? [])]);
}

function deliver(sim: Simulator, platform: MetaWebhookPlatform, payload: unknown): void {
  const sub = metaWebhookSubscription(sim, platform);
  if (!sub) return;
  const body = JSON.stringify(payload);
  const signature = `sha256=${createHmac('sha256', sub.appSecret).update(body).digest('hex')}`;
  const sent = fetch(sub.callbackUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
    body,
    signal: AbortSignal.timeout(10_000),
  })
    .then((res) => res.body?.cancel())
    .catch(() => undefined);
  let set = pending.get(sim);
  if (!set) {
    set = new Set();
    pending.set(sim, set);
  }
  const tracked = set;
  tracked.add(sent);
  void sent.finally(() => tracked.delete(sent));
}

const seconds = (ms: number) => Math.floor(ms / 1000);
const graphTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, '+0000');

/** Announces a new comment to the platform's registered callback, in the platform's payload shape. */
export function pushComment(sim: Simulator, platform: MetaWebhookPlatform, c: SimComment): void {
  if (!metaWebhookSubscription(sim, platform)) return;
  if (platform === 'facebook') {
    deliver(sim, platform, {
      object: 'page',
      entry: [
        {
          id: c.owner,
          time: seconds(c.createdAt),
          changes: [
            {
              field: 'feed',
              value: {
                from: c.author,
                post: { id: c.postId, status_type: 'mobile_status_update', is_published: true },
                message: c.text,
                post_id: c.postId,
                comment_id: c.id,
                created_time: seconds(c.createdAt),
                item: 'comment',
                parent_id: c.parentId ?? c.postId,
                verb: 'add',
              },
            },
          ],
        },
      ],
    });
    return;
  }
  if (platform === 'instagram') {
    deliver(sim, platform, {
      object: 'instagram',
      entry: [
        {
          id: c.owner,
          time: seconds(c.createdAt),
          changes: [
            {
              field: 'comments',
              value: {
                from: { id: c.author.id, username: c.author.name },
                media: { id: c.postId, media_product_type: 'FEED' },
                id: c.id,
                ...(c.parentId ? { parent_id: c.parentId } : {}),
                text: c.text,
              },
            },
          ],
        },
      ],
    });
    return;
  }
  const owner = sim.state.account('threads', c.owner);
  deliver(sim, platform, {
    app_id: sandboxApp('threads').clientId,
    topic: 'replies',
    target_id: c.owner,
    time: seconds(c.createdAt),
    subscription_id: '1',
    has_uid_field: false,
    values: {
      value: {
        id: c.id,
        username: c.author.name,
        text: c.text,
        media_type: 'TEXT_POST',
        replied_to: { id: c.parentId ?? c.postId },
        root_post: { id: c.postId, owner_id: c.owner, username: owner?.username ?? c.owner },
        timestamp: graphTime(c.createdAt),
      },
      field: 'replies',
    },
  });
}

/** Announces a message someone sent an Instagram account (the Messenger Platform `messaging` shape). */
export function pushInstagramMessage(
  sim: Simulator,
  m: { account: string; from: { id: string }; id: string; text: string; createdAt: number },
): void {
  deliver(sim, 'instagram', {
    object: 'instagram',
    entry: [
      {
        id: m.account,
        time: m.createdAt,
        messaging: [
          {
            sender: { id: m.from.id },
            recipient: { id: m.account },
            timestamp: m.createdAt,
            message: { mid: m.id, text: m.text },
          },
        ],
      },
    ],
  });
}
