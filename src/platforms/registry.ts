/**
 * Platform → adapter. The supported publishing platforms are derived from this
 * map; a platform without an adapter can be connected but not published to yet.
 */
import { createBlueskyAdapter } from './bluesky/index.ts';
import type { PlatformAdapter } from './contract.ts';
import { createFacebookAdapter } from './facebook/index.ts';
import { createLinkedInAdapter } from './linkedin/index.ts';
import type { Platform } from './names.ts';
import { createTwitterAdapter } from './twitter/index.ts';

const ADAPTERS: Partial<Record<Platform, PlatformAdapter>> = {
  twitter: createTwitterAdapter(),
  bluesky: createBlueskyAdapter(),
  linkedin: createLinkedInAdapter(),
  facebook: createFacebookAdapter(),
};

export function getAdapter(platform: Platform): PlatformAdapter | undefined {
  return ADAPTERS[platform];
}

/** Platforms that can be published to. */
export const publishingPlatforms = (): Platform[] => Object.keys(ADAPTERS) as Platform[];
