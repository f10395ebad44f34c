/**
 * Platform → module: the one map of what the service knows of each platform
 * (src/platforms/module.ts). Adding a platform is its folder, one line here and
 * its simulator folder; everything else derives from this map.
 */
import { blueskyModule } from './bluesky/index.ts';
import { discordModule } from './discord/index.ts';
import { facebookModule } from './facebook/index.ts';
import { googleBusinessModule } from './googlebusiness/index.ts';
import { instagramModule } from './instagram/index.ts';
import { linkedinModule } from './linkedin/index.ts';
import { mastodonModule } from './mastodon/index.ts';
import type { PlatformModule, PlatformRegistry } from './module.ts';
import type { Platform } from './names.ts';
import { pinterestModule } from './pinterest/index.ts';
import { redditModule } from './reddit/index.ts';
import { telegramModule } from './telegram/index.ts';
import { threadsModule } from './threads/index.ts';
import { tiktokModule } from './tiktok/index.ts';
import { twitterModule } from './twitter/index.ts';
import { youtubeModule } from './youtube/index.ts';

export const PLATFORM_MODULES = {
  twitter: twitterModule,
  instagram: instagramModule,
  youtube: youtubeModule,
  tiktok: tiktokModule,
  pinterest: pinterestModule,
  linkedin: linkedinModule,
  bluesky: blueskyModule,
  facebook: facebookModule,
  threads: threadsModule,
  googlebusiness: googleBusinessModule,
  telegram: telegramModule,
  discord: discordModule,
  reddit: redditModule,
  mastodon: mastodonModule,
} as const satisfies Record<Platform, PlatformModule>;

/** The registry the service runs with unless a test gives its own (AppContext.platforms). */
export const DEFAULT_REGISTRY: PlatformRegistry = PLATFORM_MODULES;

/** A registry with some modules changed (tests: a scripted publisher in place of the real one). */
export function registryWith(
  base: PlatformRegistry,
  changes: Partial<{ [P in Platform]: Partial<PlatformModule> }>,
): PlatformRegistry {
  const out = { ...base } as Record<Platform, PlatformModule>;
  for (const [p, change] of Object.entries(changes) as [Platform, Partial<PlatformModule>][])
    out[p] = { ...base[p], ...change };
  return Object.freeze(out);
}
