import { randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

function base32(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += ALPHABET[b & 31];
  return out;
}

// Ids draw their randomness from a pool filled 4 KiB at a time: one call into the
// CSPRNG per 256 ids instead of one per id (a create makes about eight).
const pool = new Uint8Array(4096);
let poolAt = pool.length;

function randomChunk(n: number): Uint8Array {
  if (poolAt + n > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  poolAt += n;
  return pool.subarray(poolAt - n, poolAt);
}

/**
 * A new opaque id such as `post_01jd3k…`: a prefix naming the kind, then a time
 * part (so ids sort roughly by creation) and 16 random characters.
 */
export function newId(prefix: string, now = Date.now()): string {
  return `${prefix}_${now.toString(36).padStart(9, '0')}${base32(randomChunk(16))}`;
}
