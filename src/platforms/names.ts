/** The value set `Platform` of the interface, in its order. */
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
