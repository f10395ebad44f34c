/**
 * Platform API calls on /metrics (platform_requests_total and
 * platform_request_duration_seconds): each call the one platform HTTP client makes
 * is told apart by the platform whose configured hosts (real, overridden or the
 * sandbox simulator) its URL starts with.
 */
import type { AppContext } from '../context.ts';
import { countPlatformCall } from '../http/service-metrics.ts';
import { PLATFORMS, type Platform } from './names.ts';
import { observePlatformCalls } from './shared/http.ts';

export function watchPlatformCalls(ctx: AppContext): () => void {
  const prefixes: [string, Platform][] = [];
  for (const p of PLATFORMS) {
    const endpoints = ctx.endpoints[p];
    for (const host of Object.keys(ctx.platforms[p].hosts)) prefixes.push([endpoints.url(host, ''), p]);
    if (p === 'bluesky') prefixes.push([endpoints.pdsUrl, p]);
  }
  // The longest first: `<simulator>/threads` must not be taken for a shorter base.
  prefixes.sort((a, b) => b[0].length - a[0].length);
  return observePlatformCalls((call) => {
    const hit = prefixes.find(([prefix]) => call.url.startsWith(prefix));
    if (!hit) return;
    countPlatformCall(ctx, hit[1], call.status === null ? 'network' : String(call.status), call.seconds);
  });
}
