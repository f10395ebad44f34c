/**
 * Every HTTP route of the service. An area adds its routes with one import and
 * one spread here; the server registers them all the same way.
 */
import type { AnyRoute, WebhookDocs } from '../http/route.ts';
import ai from './ai/index.ts';
import analytics from './analytics/index.ts';
import approval from './approval/index.ts';
import apps from './apps/index.ts';
import audit from './audit/index.ts';
import connect from './connect/index.ts';
import connectSessions from './connect-sessions/index.ts';
import engagement from './engagement/index.ts';
import health from './health/health.ts';
import inboundEngagement from './inbound-engagement/index.ts';
import keys from './keys/index.ts';
import media from './media/index.ts';
import { ACCOUNT_WEBHOOK_SCHEMAS } from './notifications/account-webhook-events.ts';
import notifications from './notifications/index.ts';
import { WebhookEventSchema, webhookDocs } from './notifications/webhook-event.ts';
import planning from './planning/index.ts';
import platformData from './platform-data/index.ts';
import posts from './posts/index.ts';
import profiles from './profiles/index.ts';
import project from './project/read.ts';
import sandbox from './sandbox/index.ts';
import teams from './teams/index.ts';
import usage from './usage/index.ts';

/** The webhook deliveries subscribers receive, documented beside the routes (OpenAPI `webhooks`). */
export const allWebhooks: WebhookDocs = {
  schemas: [WebhookEventSchema, ...ACCOUNT_WEBHOOK_SCHEMAS],
  webhooks: webhookDocs,
};

export const allRoutes: AnyRoute[] = [
  ...health,
  ...profiles,
  ...notifications,
  ...posts,
  ...planning,
  ...usage,
  ...connect,
  ...connectSessions,
  ...apps,
  ...platformData,
  ...engagement,
  ...sandbox,
  ...inboundEngagement,
  ...analytics,
  ...approval,
  ...media,
  ...ai,
  ...audit,
  ...keys,
  ...teams,
  project,
];
