/**
 * Notification subscriptions: a channel (webhook or e-mail), the event types it
 * wants, an optional profile and the onlyScheduledPosts switch. The webhook's
 * signing secret is sealed at rest and shown in full only in the answer that
 * created it; every other answer masks it.
 */
import type { AppContext } from '../../context.ts';
import { invalid, notFound } from '../../errors.ts';
import type { SubscribableEventType as EventType } from '../../notifications/account-events.ts';
import { maskSecret, newWebhookSecret } from '../../notifications/signing.ts';
import type { NotificationSubscriptionsTable } from '../../store/tables/notifications.ts';
import { changedFields, recordAudit } from '../audit/record.ts';
import { newId } from '../ids.ts';
import { limitedTo, type ProjectReach, profileInReach, projectOf } from '../teams/reach.ts';
import { checkRecipients, checkWebhookUrl } from './destinations.ts';

export type Channel = 'webhook' | 'email';

export interface Subscription {
  id: string;
  channel: Channel;
  profileId: string | null;
  eventTypes: EventType[];
  onlyScheduledPosts: boolean;
  enabled: boolean;
  webhook?: { url: string; secret: string };
  email?: { recipients: string[] };
  lastTestAt: string | null;
  lastTestStatus: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SubscriptionInput {
  channel: Channel;
  eventTypes: EventType[];
  profileId?: string | null | undefined;
  onlyScheduledPosts?: boolean | undefined;
  enabled?: boolean | undefined;
  webhook?: { url: string } | undefined;
  email?: { recipients: string[] } | undefined;
}

export interface SubscriptionPatch {
  eventTypes?: EventType[] | undefined;
  profileId?: string | null | undefined;
  onlyScheduledPosts?: boolean | undefined;
  enabled?: boolean | undefined;
  webhook?: { url?: string | undefined; rotateSecret?: boolean | undefined } | undefined;
  email?: { recipients: string[] } | undefined;
}

type Row = NotificationSubscriptionsTable;

/** The record; `reveal` shows the full secret (only the creation and rotation answers do). */
export function toSubscription(ctx: AppContext, r: Row, reveal = false): Subscription {
  const sub: Subscription = {
    id: r.id,
    channel: r.channel as Channel,
    profileId: r.profile_id,
    eventTypes: JSON.parse(r.event_types) as EventType[],
    onlyScheduledPosts: r.only_scheduled_posts === 1,
    enabled: r.enabled === 1,
    lastTestAt: r.last_test_at,
    lastTestStatus: r.last_test_status,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
  if (r.channel === 'webhook' && r.webhook_url && r.webhook_secret_enc) {
    const secret = ctx.sealer.open(r.webhook_secret_enc);
    sub.webhook = { url: r.webhook_url, secret: reveal ? secret : maskSecret(secret) };
  }
  if (r.channel === 'email') sub.email = { recipients: JSON.parse(r.email_recipients ?? '[]') as string[] };
  return sub;
}

/**
 * A profileId given with a subscription (or a test of one) must be one of the project's
 * profiles (of the caller's, when it is limited to some: it then must give one).
 */
export async function checkProfile(
  ctx: AppContext,
  reach: ProjectReach,
  profileId: string | null | undefined,
) {
  if (profileId === null || profileId === undefined) {
    if (limitedTo(reach) === null) return;
    throw invalid(
      'profileId is required: a caller limited to some profiles is notified about one of them, not the whole project',
    );
  }
  const found = await ctx.store.db
    .selectFrom('profiles')
    .select('id')
    .where('project_id', '=', projectOf(reach))
    .where('id', '=', profileId)
    .where(profileInReach(reach, 'id'))
    .executeTakeFirst();
  if (!found) throw invalid(`profileId ${profileId} is not a profile of this project`);
}

const uniqueTypes = (types: readonly EventType[]): EventType[] => {
  if (types.length === 0) throw invalid('eventTypes must list at least one event type');
  return [...new Set(types)];
};

export async function createSubscription(
  ctx: AppContext,
  reach: ProjectReach,
  input: SubscriptionInput,
): Promise<Subscription> {
  const projectId = projectOf(reach);
  const now = ctx.now().toISOString();
  const row: Row = {
    id: newId('ntf'),
    project_id: projectId,
    channel: input.channel,
    profile_id: input.profileId ?? null,
    event_types: JSON.stringify(uniqueTypes(input.eventTypes)),
    only_scheduled_posts: input.onlyScheduledPosts ? 1 : 0,
    enabled: input.enabled === false ? 0 : 1,
    webhook_url: null,
    webhook_secret_enc: null,
    email_recipients: null,
    last_test_at: null,
    last_test_status: null,
    created_at: now,
    updated_at: now,
  };
  if (input.channel === 'webhook') {
    if (!input.webhook) throw invalid('webhook is required when channel is webhook: {"url": "https://…"}');
    if (input.email) throw invalid('email is only accepted when channel is email');
    row.webhook_url = checkWebhookUrl(ctx.config, input.webhook.url);
    row.webhook_secret_enc = ctx.sealer.seal(newWebhookSecret());
  } else {
    if (!input.email) throw invalid('email is required when channel is email: {"recipients": ["…"]}');
    if (input.webhook) throw invalid('webhook is only accepted when channel is webhook');
    row.email_recipients = JSON.stringify(checkRecipients(ctx.config, input.email.recipients));
  }
  await checkProfile(ctx, reach, input.profileId);
  await ctx.store.db.transaction().execute(async (trx) => {
    await trx.insertInto('notification_subscriptions').values(row).execute();
    await recordAudit(trx, ctx, {
      projectId,
      action: 'notification.created',
      object: { type: 'notification', id: row.id, label: destinationLabel(row) },
      summary: { eventTypes: JSON.parse(row.event_types), profileId: row.profile_id },
    });
  });
  return toSubscription(ctx, row, true);
}

export async function getSubscriptionRow(ctx: AppContext, reach: ProjectReach, id: string): Promise<Row> {
  const row = await ctx.store.db
    .selectFrom('notification_subscriptions')
    .selectAll()
    .where('project_id', '=', projectOf(reach))
    .where('id', '=', id)
    .where(profileInReach(reach, 'profile_id'))
    .executeTakeFirst();
  if (!row) throw notFound('Notification subscription');
  return row;
}

export async function getSubscription(
  ctx: AppContext,
  reach: ProjectReach,
  id: string,
): Promise<Subscription> {
  return toSubscription(ctx, await getSubscriptionRow(ctx, reach, id));
}

export async function listSubscriptions(ctx: AppContext, reach: ProjectReach): Promise<Subscription[]> {
  // A caller limited to profiles sees the subscriptions of its profiles only (not the project-wide ones).
  const rows = await ctx.store.db
    .selectFrom('notification_subscriptions')
    .selectAll()
    .where('project_id', '=', projectOf(reach))
    .where(profileInReach(reach, 'profile_id'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => toSubscription(ctx, r));
}

export async function updateSubscription(
  ctx: AppContext,
  reach: ProjectReach,
  id: string,
  patch: SubscriptionPatch,
): Promise<Subscription> {
  const projectId = projectOf(reach);
  const row = await getSubscriptionRow(ctx, reach, id);
  const set: Partial<Row> = { updated_at: ctx.now().toISOString() };
  let reveal = false;
  if (patch.eventTypes !== undefined) set.event_types = JSON.stringify(uniqueTypes(patch.eventTypes));
  if (patch.profileId !== undefined) {
    await checkProfile(ctx, reach, patch.profileId);
    set.profile_id = patch.profileId;
  }
  if (patch.onlyScheduledPosts !== undefined) set.only_scheduled_posts = patch.onlyScheduledPosts ? 1 : 0;
  if (patch.enabled !== undefined) set.enabled = patch.enabled ? 1 : 0;
  if (patch.webhook !== undefined) {
    if (row.channel !== 'webhook') throw invalid('webhook can only be changed on a webhook subscription');
    if (patch.webhook.url !== undefined) set.webhook_url = checkWebhookUrl(ctx.config, patch.webhook.url);
    if (patch.webhook.rotateSecret) {
      set.webhook_secret_enc = ctx.sealer.seal(newWebhookSecret());
      reveal = true;
    }
  }
  if (patch.email !== undefined) {
    if (row.channel !== 'email') throw invalid('email can only be changed on an e-mail subscription');
    set.email_recipients = JSON.stringify(checkRecipients(ctx.config, patch.email.recipients));
  }
  await ctx.store.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('notification_subscriptions')
      .set(set)
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .execute();
    const changed = changedFields(readable(row), readable({ ...row, ...set }));
    await recordAudit(trx, ctx, {
      projectId,
      action: 'notification.updated',
      object: { type: 'notification', id, label: destinationLabel({ ...row, ...set }) },
      summary: set.webhook_secret_enc ? { ...changed, webhookSecret: 'rotated' } : changed,
    });
  });
  return toSubscription(ctx, { ...row, ...set }, reveal);
}

export async function deleteSubscription(ctx: AppContext, reach: ProjectReach, id: string): Promise<void> {
  const projectId = projectOf(reach);
  await ctx.store.db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('notification_subscriptions')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .where(profileInReach(reach, 'profile_id'))
      .returning(['channel', 'webhook_url', 'email_recipients'])
      .executeTakeFirst();
    if (!gone) throw notFound('Notification subscription');
    await recordAudit(trx, ctx, {
      projectId,
      action: 'notification.deleted',
      object: { type: 'notification', id, label: destinationLabel(gone) },
    });
  });
}

/** What the audit log shows of a subscription: no secret, no query string of the webhook's address. */
function readable(row: Row): Record<string, unknown> {
  return {
    eventTypes: row.event_types,
    profileId: row.profile_id,
    enabled: row.enabled === 1,
    onlyScheduledPosts: row.only_scheduled_posts === 1,
    destination: destinationLabel(row),
  };
}

/** Where a subscription sends, as a person recognizes it (the webhook's host and path, or the recipients). */
function destinationLabel(row: Pick<Row, 'channel' | 'webhook_url' | 'email_recipients'>): string {
  if (row.channel === 'webhook') {
    const url = row.webhook_url ? URL.parse(row.webhook_url) : null;
    return `webhook ${url ? `${url.host}${url.pathname}` : ''}`.trim();
  }
  const recipients: string[] = row.email_recipients ? JSON.parse(row.email_recipients) : [];
  return `e-mail ${recipients.join(', ')}`;
}

export async function recordTest(
  ctx: AppContext,
  projectId: string,
  id: string,
  status: 'success' | 'failed',
): Promise<Subscription> {
  const now = ctx.now().toISOString();
  await ctx.store.db
    .updateTable('notification_subscriptions')
    .set({ last_test_at: now, last_test_status: status })
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .execute();
  return getSubscription(ctx, projectId, id);
}
