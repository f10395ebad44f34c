/**
 * The undici package, required on its first use rather than imported at start: it is
 * about a hundred modules (half a second and 30 MB of a start-up), and a process needs
 * it only once it calls a platform or an address from outside, which an api process
 * may not do for a long while. Synchronous (undici is CommonJS), so the clients built
 * on it keep their synchronous parts (OutboundClient.dispatcherFor).
 */
import { createRequire } from 'node:module';

type Undici = typeof import('undici');

let loaded: Undici | null = null;

export function undici(): Undici {
  loaded ??= createRequire(import.meta.url)('undici') as Undici;
  return loaded;
}
