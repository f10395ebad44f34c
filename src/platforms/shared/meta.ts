/** Facts shared by Meta's products (Facebook, Instagram, Threads). */

/** The Graph API version every Facebook and Instagram call names in its path. */
export const GRAPH_VERSION = 'v25.0';

/** The Threads API version. */
export const THREADS_VERSION = 'v1.0';

/**
 * The base URL of Meta calls with the version segment: the configured base URL
 * as it is when it already ends with one (`…/v25.0`), else with `version` added.
 */
export function versionedBase(baseUrl: string, version: string): string {
  const base = baseUrl.replace(/\/$/, '');
  return /\/v\d+\.\d+$/.test(base) ? base : `${base}/${version}`;
}
