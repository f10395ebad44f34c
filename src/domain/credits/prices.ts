/**
 * What each paid call costs, gathered from where each is charged, so the API can
 * tell a client the price before the call (GET /v1/usage `prices`) without a
 * second copy of any number.
 */
import { AI_COSTS } from '../ai/credits.ts';
import { ANALYTICS_COST } from '../analytics/charge.ts';

export const CREDIT_PRICES = {
  aiCaption: AI_COSTS.write,
  aiImage: AI_COSTS.image,
  analytics: ANALYTICS_COST,
} as const;
