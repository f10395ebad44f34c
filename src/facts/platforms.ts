/**
 * The platform names, shared by the service and the simulator (neither owns them:
 * the interface's `Platform` value set, in its order).
 */
export const PLATFORMS = [
  'twitter',
  'instagram',
  'youtube',
  'tiktok',
  'pinterest',
  'linkedin',
  'bluesky',
  'facebook',
  'threads',
  'googlebusiness',
] as const;

export type Platform = (typeof PLATFORMS)[number];

export const isPlatform = (v: unknown): v is Platform =>
  typeof v === 'string' && (PLATFORMS as readonly string[]).includes(v);
