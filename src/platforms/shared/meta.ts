/** Facts shared by Meta's products (Facebook, Instagram, Threads). */

/** The Graph API version every Facebook and Instagram call names in its path. */
export const GRAPH_VERSION = 'v25.0';

/** The Threads API version. */
export const THREADS_VERSION = 'v1.0';
