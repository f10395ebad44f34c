/**
 * The records the API reference shows in its example answers, in one place so the
 * same post, account or profile reads the same in every answer that carries it.
 * Each route attaches its answer's example with `withExample`; every example is
 * checked against its answer schema by test/openapi-examples.test.ts.
 */
import type { TSchema } from 'typebox';

/** The schema with one example answer (the reference shows it beside the schema). */
export const withExample = <T extends TSchema>(schema: T, example: unknown): T =>
  ({ ...schema, examples: [example] }) as T;

export const IDS = {
  post: 'post_mwugrs00k7q3xv9m2hd4wbnc8trfy6jpa5',
  profile: 'prof_mwu9e1c0a8x2kq7m4w6tz3nb5vdjr9hse',
  integration: 'int_mwu9f2k0c3v8n1x7q5m2zb6tkwr4dyh9',
  linkedinIntegration: 'int_mwu9f2k0p7t2m8x4q1w6zc3vbn5rkdj8',
  app: 'app_mwu8z1q0t5k9x2m7c4vb6nw3hzr8dyq1',
  notification: 'ntf_mwua3r40h2x7m5q9k1c6vb8nz4twd3ry',
  delivery: 'dlv_mwuh1t00q8m3x6k2c9vb5nz7wrt4dyh2',
  event: 'evt_mwuh1s80w4k7m2x9q5c1vb3nz8tdr6yh',
} as const;

const CREATED = '2026-11-20T14:03:11.482Z';
const UPDATED = '2026-11-22T08:15:40.107Z';

export const profileExample = {
  id: IDS.profile,
  name: 'Acme Coffee',
  description: 'Brand accounts of the Acme Coffee shops',
  integrationCount: 2,
  createdAt: CREATED,
  updatedAt: UPDATED,
};

export const appExample = {
  id: IDS.app,
  platform: 'linkedin',
  name: 'Acme Publisher',
  imageUrl: 'https://cdn.acme.example/logo.png',
  clientId: '86f2kq7xw1m3zp',
  integrationCount: 1,
  createdAt: CREATED,
  updatedAt: UPDATED,
};

export const integrationExample = {
  id: IDS.integration,
  platform: 'facebook',
  platformUserId: '109876543210987',
  username: null,
  displayName: 'Acme Coffee',
  profileUrl: 'https://www.facebook.com/109876543210987',
  imageUrl: 'https://scontent.xx.fbcdn.net/v/t39.30808-1/acme.jpg',
  platformMetadata: {
    type: 'page',
    category: 'Coffee shop',
    instagramBusinessAccountId: '17841400000000001',
  },
  profileId: IDS.profile,
  appId: null,
  app: null,
  byok: false,
  sandbox: false,
  authStatus: 'active',
  authFailureReason: null,
  createdAt: CREATED,
};

export const linkedinIntegrationExample = {
  ...integrationExample,
  id: IDS.linkedinIntegration,
  platform: 'linkedin',
  platformUserId: '2414183',
  username: 'acme-coffee',
  displayName: 'Acme Coffee',
  profileUrl: 'https://www.linkedin.com/company/acme-coffee',
  imageUrl: null,
  platformMetadata: { type: 'organization', urn: 'urn:li:organization:2414183' },
  appId: IDS.app,
  app: { id: IDS.app, name: appExample.name, imageUrl: appExample.imageUrl },
  byok: true,
};

export const integrationDetailExample = {
  ...integrationExample,
  scopes: ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement'],
  accessTokenExpiresAt: null,
  refreshTokenExpiresAt: null,
  tokenStatus: { valid: true, autoRefreshes: false, reconnectRequired: false, reason: null },
  updatedAt: UPDATED,
};

/** An account that can publish, a token renewed by the service, and every scope granted. */
export const healthExample = {
  canPublish: true,
  reason: null,
  action: null,
  tokenExpiresAt: null,
  refreshable: false,
  missingCapabilities: [],
  missingScopes: [],
  lastPublish: { status: 'published', at: '2026-11-19T09:00:04.000Z', errorMessage: null },
  rateLimited: false,
  rateLimitedUntil: null,
};

const createRequest = {
  content: 'Our winter blend is back in every shop from Monday ☕',
  mediaItems: [{ type: 'image', url: 'https://cdn.acme.example/media/winter-blend.jpg' }],
  platforms: [
    { platform: 'facebook', accountId: IDS.integration },
    {
      platform: 'linkedin',
      accountId: IDS.linkedinIntegration,
      content: 'Our winter blend is back in all 12 Acme Coffee shops from Monday.',
      platformSpecificData: { visibility: 'PUBLIC' },
    },
  ],
  firstComment: 'Find your nearest shop: https://acme.example/shops',
  scheduledFor: '2026-11-30T09:00:00',
  timezone: 'Europe/Berlin',
};

export const postExample = {
  postId: IDS.post,
  content: createRequest.content,
  status: 'published',
  scheduledFor: '2026-11-30T08:00:00.000Z',
  timezone: 'Europe/Berlin',
  mediaItems: [
    {
      type: 'image',
      url: 'https://cdn.acme.example/media/winter-blend.jpg',
      filename: 'winter-blend.jpg',
      size: 482133,
      mimeType: 'image/jpeg',
    },
  ],
  platforms: [
    {
      platform: 'facebook',
      integrationId: IDS.integration,
      status: 'published',
      content: null,
      platformPostId: '109876543210987_122100000000000001',
      platformPostUrl: 'https://www.facebook.com/109876543210987/posts/122100000000000001',
      publishedAt: '2026-11-30T08:00:03.912Z',
      errorMessage: null,
      warningMessage: null,
      firstComment: { status: 'posted', commentId: '122100000000000001_1187000000000001' },
    },
    {
      platform: 'linkedin',
      integrationId: IDS.linkedinIntegration,
      status: 'published',
      content: createRequest.platforms[1]?.content ?? null,
      platformPostId: 'urn:li:share:7265000000000000001',
      platformPostUrl: 'https://www.linkedin.com/feed/update/urn:li:share:7265000000000000001/',
      publishedAt: '2026-11-30T08:00:04.377Z',
      errorMessage: null,
      warningMessage: null,
      firstComment: {
        status: 'posted',
        commentId: 'urn:li:comment:(urn:li:activity:7265000000000000001,7265000000000000099)',
      },
    },
  ],
  firstComment: createRequest.firstComment,
  crosspostingEnabled: true,
  rawRequestBody: createRequest,
  createdAt: CREATED,
  updatedAt: '2026-11-30T08:00:04.380Z',
};

export const subscriptionExample = {
  id: IDS.notification,
  channel: 'webhook',
  profileId: null,
  eventTypes: ['post.published', 'post.partial', 'post.failed'],
  onlyScheduledPosts: false,
  enabled: true,
  webhook: { url: 'https://hooks.acme.example/social', secret: 'whsec_****Qx7w' },
  lastTestAt: '2026-11-21T10:12:09.551Z',
  lastTestStatus: 'success',
  createdAt: CREATED,
  updatedAt: UPDATED,
};

/** As the create (or a secret rotation) answers it: the only time the whole secret is shown. */
export const createdSubscriptionExample = {
  ...subscriptionExample,
  webhook: { ...subscriptionExample.webhook, secret: 'whsec_3kR9vT1mQ8xW2cN7bY4pL6zH5jD0fG8sA1eU9iO2Qx7w' },
  lastTestAt: null,
  lastTestStatus: null,
  updatedAt: CREATED,
};

export const deliveryExample = {
  id: IDS.delivery,
  eventId: IDS.event,
  eventType: 'post.published',
  postId: IDS.post,
  channel: 'webhook',
  status: 'succeeded',
  nextAttemptAt: null,
  createdAt: '2026-11-30T08:00:04.401Z',
  completedAt: '2026-11-30T08:00:35.228Z',
  attempts: [
    {
      attempt: 1,
      at: '2026-11-30T08:00:04.433Z',
      statusCode: 503,
      durationMs: 212,
      success: false,
      error: 'Receiver answered HTTP 503',
    },
    {
      attempt: 2,
      at: '2026-11-30T08:00:35.120Z',
      statusCode: 200,
      durationMs: 108,
      success: true,
      error: null,
    },
  ],
};

/** The same post while it waits for its time: nothing published yet. */
export const scheduledPostExample = {
  ...postExample,
  status: 'scheduled',
  platforms: postExample.platforms.map((p) => ({
    ...p,
    status: 'scheduled',
    platformPostId: null,
    platformPostUrl: null,
    publishedAt: null,
    firstComment: { status: 'pending' },
  })),
  updatedAt: CREATED,
};
