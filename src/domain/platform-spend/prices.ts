/**
 * The prices in force: each platform module's defaults (spend-types.ts) with the
 * operator's PLATFORM_PRICES changes. Amounts are kept in millionths of the
 * currency (micros) so sums stay exact in both databases' integers.
 */
import type { Config } from '../../config.ts';
import type { PlatformRegistry } from '../../platforms/module.ts';
import type { Platform } from '../../platforms/names.ts';
import type { SpendTarget } from '../../platforms/spend-types.ts';

export const toMicros = (amount: number): number => Math.round(amount * 1_000_000);
export const fromMicros = (micros: number): number => micros / 1_000_000;

/** The operator's overrides, `platform.kind` → amount (checked at start by config.ts). */
function overrides(config: Config): Map<string, number> {
  const out = new Map<string, number>();
  for (const entry of config.PLATFORM_PRICES) {
    const [key = '', amount = '0'] = entry.split('=');
    out.set(key, Number(amount));
  }
  return out;
}

export interface PriceEntry {
  platform: Platform;
  callKind: string;
  amount: number;
  currency: string;
  says: string;
  source: string;
}

/** Every priced call of every platform, at the price in force. */
export function pricesInForce(config: Config, platforms: PlatformRegistry): PriceEntry[] {
  const changed = overrides(config);
  const out: PriceEntry[] = [];
  for (const [platform, module] of Object.entries(platforms) as [Platform, PlatformRegistry[Platform]][]) {
    const spend = module.spend;
    if (!spend) continue;
    for (const [callKind, { amount, says }] of Object.entries(spend.prices)) {
      const key = `${platform}.${callKind}`;
      out.push({
        platform,
        callKind,
        amount: changed.get(key) ?? amount,
        currency: spend.currency,
        says,
        source: changed.has(key) ? 'PLATFORM_PRICES' : spend.source,
      });
    }
  }
  return out;
}

/** The price in micros of one call of `kind` on `platform`; 0 when the platform does not charge for it. */
export function priceMicros(
  config: Config,
  platforms: PlatformRegistry,
  platform: Platform,
  kind: string,
): number {
  const spend = platforms[platform].spend;
  const base = spend?.prices[kind];
  if (!base) return 0;
  return toMicros(overrides(config).get(`${platform}.${kind}`) ?? base.amount);
}

/** The paid calls publishing one target makes, each with its price in micros. */
export function publishCost(
  config: Config,
  platforms: PlatformRegistry,
  platform: Platform,
  target: SpendTarget,
): { calls: Record<string, number>; micros: number } {
  const spend = platforms[platform].spend;
  if (!spend) return { calls: {}, micros: 0 };
  const calls = spend.publishCalls(target);
  let micros = 0;
  for (const [kind, n] of Object.entries(calls)) micros += n * priceMicros(config, platforms, platform, kind);
  return { calls, micros };
}

/** Money as people read it: "$0.215" for USD, "0.215 EUR" otherwise. */
export function formatMoney(micros: number, currency: string): string {
  // Cents, and a third decimal only where it says something (X's $0.015 per post).
  const text = fromMicros(micros)
    .toFixed(3)
    .replace(/(\.\d\d)0$/, '$1');
  return currency === 'USD' ? `$${text}` : `${text} ${currency}`;
}

export const monthOf = (at: Date): string => at.toISOString().slice(0, 7);
