/**
 * A platform registry for tests: the named platforms' `publisher` is whatever the
 * test's `pick` returns at the time it is asked (undefined: the module has none),
 * so each test can script its own fake platform while the service and its
 * context stay up for the whole suite.
 */
import type { PlatformPublisher } from '../src/platforms/contract.ts';
import type { PlatformModule, PlatformRegistry } from '../src/platforms/module.ts';
import type { Platform } from '../src/platforms/names.ts';
import { DEFAULT_REGISTRY } from '../src/platforms/registry.ts';

export function scriptedRegistry(
  platforms: readonly Platform[],
  pick: (platform: Platform) => PlatformPublisher | undefined,
): PlatformRegistry {
  const out = { ...DEFAULT_REGISTRY } as Record<Platform, PlatformModule>;
  for (const p of platforms) {
    const module = { ...DEFAULT_REGISTRY[p] };
    Object.defineProperty(module, 'publisher', { get: () => pick(p), enumerable: true });
    out[p] = module;
  }
  return Object.freeze(out);
}
