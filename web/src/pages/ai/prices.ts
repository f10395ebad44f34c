// What the paid calls cost and what the project has left, as GET /v1/usage says:
// the dashboard shows a price before the call and keeps no copy of it.
import { api, ok } from '../../api/client.ts';

export interface Prices {
  aiCaption: number;
  aiImage: number;
  analytics: number;
  /** Credits left this month plus purchased ones. */
  remaining: number | null;
}

export async function loadPrices(): Promise<Prices> {
  const usage = await ok(api.GET('/v1/usage', {}));
  const b = usage.balance;
  return { ...usage.prices, remaining: b ? b.monthly.remaining + b.purchased.remaining : null };
}

export const credits = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;
