/**
 * The platform names, shared by the service and the simulator (neither owns them).
 *
 * `CONTRACT_PLATFORMS` is the interface's `Platform` value set, in its order: a
 * closed enum that strict clients generate from the contract. `ADDED_PLATFORMS`
 * are the networks published to beyond it. An added value reaches a client only
 * after the client's project used that network (connected an account there), or
 * when the client asks for every platform (`GET /v1/platforms?all=true`): see
 * docs/openapi-conformance.md, "Platforms beyond the contract's ten".
 */
export const CONTRACT_PLATFORMS = [
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

/** Networks beyond the contract, each a module like the ten (src/platforms/<name>/). */
export const ADDED_PLATFORMS = ['telegram', 'discord', 'reddit', 'mastodon'] as const;

/** Every platform the service has: the contract's ten, then the added ones. */
export const PLATFORMS = [...CONTRACT_PLATFORMS, ...ADDED_PLATFORMS] as const;

export type Platform = (typeof PLATFORMS)[number];
export type ContractPlatform = (typeof CONTRACT_PLATFORMS)[number];

export const isPlatform = (v: unknown): v is Platform =>
  typeof v === 'string' && (PLATFORMS as readonly string[]).includes(v);

/** Whether a platform is one of the contract's ten (strict clients know it). */
export const isContractPlatform = (v: unknown): v is ContractPlatform =>
  typeof v === 'string' && (CONTRACT_PLATFORMS as readonly string[]).includes(v);
