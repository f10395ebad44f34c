/**
 * `connect session`: a hosted connect link (POST /v1/connect/sessions) to send a
 * customer to, so they connect their own accounts without an access key:
 *   connect session --platforms twitter,bluesky --redirect-uri URL
 *                   [--profile ID] [--name N] [--logo-url URL] [--accent-color #hex]
 */
import { AppError } from '../errors.ts';
import type { Api } from './api-client.ts';

export interface SessionOptions {
  platforms?: string;
  redirectUri?: string;
  profile?: string;
  name?: string;
  logoUrl?: string;
  accentColor?: string;
}

export async function createConnectSession(
  api: Api,
  o: SessionOptions,
): Promise<{ url: string; expiresAt: string }> {
  const platforms = (o.platforms ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (platforms.length === 0 || !o.redirectUri)
    throw new AppError(
      'invalid',
      'connect session needs --platforms twitter,bluesky,... and --redirect-uri https://your.app/connected',
    );
  const branding = {
    ...(o.name ? { name: o.name } : {}),
    ...(o.logoUrl ? { logoUrl: o.logoUrl } : {}),
    ...(o.accentColor ? { accentColor: o.accentColor } : {}),
  };
  return api<{ url: string; expiresAt: string }>('POST', '/v1/connect/sessions', {
    platforms,
    redirectUri: o.redirectUri,
    ...(o.profile ? { profileId: o.profile } : {}),
    ...(Object.keys(branding).length ? { branding } : {}),
  });
}
