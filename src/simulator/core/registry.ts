/**
 * Finds the platform modules. Each platform has a folder `platforms/<name>/` with
 * `platform.ts` (exports `profile: PlatformProfile`) and any number of other files
 * that export `register(router, sim)`; every such file is loaded, in name order, so
 * adding `platforms/twitter/publish.ts` needs no change anywhere else.
 */
import { readdirSync } from 'node:fs';
import { PLATFORMS } from '../../facts/platforms.ts';
import type { PlatformProfile } from './profile.ts';
import { SimRouter } from './router.ts';
import type { Simulator } from './simulator-api.ts';

interface LoadedPlatform {
  profile: PlatformProfile;
  router: SimRouter;
  modules: ((router: SimRouter, sim: Simulator) => void)[];
}

const isModuleFile = (f: string): boolean =>
  f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts') && f !== 'platform.ts';

let cache: Promise<{ profile: PlatformProfile; modules: LoadedPlatform['modules'] }[]> | undefined;

const importAll = async () => {
  const out: { profile: PlatformProfile; modules: LoadedPlatform['modules'] }[] = [];
  for (const name of PLATFORMS) {
    const dir = new URL(`../platforms/${name}/`, import.meta.url);
    const mod = (await import(new URL('platform.ts', dir).href)) as { profile?: PlatformProfile };
    if (!mod.profile) throw new Error(`platforms/${name}/platform.ts must export profile`);
    const modules: LoadedPlatform['modules'] = [];
    for (const f of readdirSync(dir).filter(isModuleFile).sort()) {
      const m = (await import(new URL(f, dir).href)) as { register?: unknown };
      if (typeof m.register === 'function') modules.push(m.register as LoadedPlatform['modules'][number]);
    }
    out.push({ profile: mod.profile, modules });
  }
  return out;
};

/** The ten platforms, each with a fresh router (modules are imported once per process). */
export const loadPlatforms = async (): Promise<LoadedPlatform[]> => {
  cache ??= importAll();
  const found = await cache;
  return found.map((f) => ({ ...f, router: new SimRouter() }));
};
