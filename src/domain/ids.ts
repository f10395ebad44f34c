import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

function base32(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += ALPHABET[b & 31];
  return out;
}

/**
 * A new opaque id such as `post_01jd3k…`: a prefix naming the kind, then a time
 * part (so ids sort roughly by creation) and 16 random characters.
 */
export function newId(prefix: string, now = Date.now()): string {
  return `${prefix}_${now.toString(36).padStart(9, '0')}${base32(randomBytes(16))}`;
}

/** A random secret of `bytes` bytes as URL-safe text (access keys, webhook secrets, tokens). */
export function newSecret(prefix: string, bytes = 32): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}
