/**
 * Platform → adapter. The supported publishing platforms are derived from this
 * map; a platform without an adapter can be connected but not published to yet.
 */
import type { PlatformAdapter } from './contract.ts';
import type { Platform } from './names.ts';

const ADAPTERS: Partial<Record<Platform, PlatformAdapter>> = {};

export function getAdapter(platform: Platform): PlatformAdapter | undefined {
  return ADAPTERS[platform];
}

/** Platforms that can be published to. */
export const publishingPlatforms = (): Platform[] => Object.keys(ADAPTERS) as Platform[];
