/** Id and token generators that look like the platforms' own. */
import { randomBytes, randomInt } from 'node:crypto';

/** A random decimal string of `length` digits, no leading zero (X, Meta, LinkedIn ids). */
export const numericId = (length = 19): string => {
  let s = String(randomInt(1, 10));
  while (s.length < length) s += String(randomInt(0, 10));
  return s;
};

/** A random url-safe token with a readable prefix (`sim_at_...`). */
export const randomToken = (prefix: string, bytes = 24): string =>
  `${prefix}${randomBytes(bytes).toString('base64url')}`;

/** A base32-ish lowercase id (Bluesky TIDs, Pinterest bookmarks). */
export const lowerId = (length = 13): string => {
  const alphabet = '234567abcdefghijklmnopqrstuvwxyz';
  let s = '';
  for (let i = 0; i < length; i++) s += alphabet[randomInt(0, alphabet.length)];
  return s;
};
