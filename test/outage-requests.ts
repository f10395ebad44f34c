/**
 * A request for each route that gets as far as reading the store when the store
 * is healthy: the outage suites send these while the database is down and expect
 * 503, so a route whose request stopped earlier (a refused signature, a missing
 * state) would prove nothing.
 */
import { createUrlSigner } from '../src/media/storage/signing.ts';
import type { allRoutes } from '../src/routes/index.ts';
import type { TestService } from './harness.ts';

export function requestReachingStore(
  route: (typeof allRoutes)[number],
  t: TestService,
): { url: string; body?: unknown } {
  const path = route.url.replace(/:([A-Za-z]+)/g, (_m, name: string) =>
    name === 'platform' ? 'twitter' : 'x1',
  );
  // The OAuth callback reads its state row before anything else: give it the fields it checks first.
  if (route.auth === false && path.includes('/callback')) return { url: `${path}?state=s1&code=c1` };
  // A media upload URL is checked (signature, expiry) before the store is read: give it a valid one.
  if (route.auth === false && path.startsWith('/v1/media/uploads/')) {
    const expires = Math.floor(Date.now() / 1000) + 600;
    const signer = createUrlSigner(Buffer.from(t.ctx.config.ENCRYPTION_KEY ?? '', 'base64'));
    return { url: `${path}?expires=${expires}&signature=${signer.sign('x1', expires)}`, body: {} };
  }
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return hasBody ? { url: path, body: {} } : { url: path };
}
