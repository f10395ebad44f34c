/**
 * The value set `Platform` of the interface. It lives in src/facts/platforms.ts,
 * which the simulator reads too; the service keeps importing it from here.
 */
export { isPlatform, PLATFORMS, type Platform } from '../facts/platforms.ts';
