/**
 * Signed upload URLs of the local driver: the URL itself is the credential (the
 * PUT carries no access key), so it names the upload and its expiry and carries an
 * HMAC over both, keyed with a key derived from the service's encryption key.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface UrlSigner {
  sign(id: string, expiresSec: number): string;
  verify(id: string, expiresSec: number, signature: string): boolean;
}

/**
 * Signs with the primary key; verifies with any key of the ring, so URLs handed
 * out before an encryption key rotation keep working after the restart that
 * follows it.
 */
export function createUrlSigner(keys: Buffer | { primary: Buffer; previous: Buffer[] }): UrlSigner {
  const ring = Buffer.isBuffer(keys) ? [keys] : [keys.primary, ...keys.previous];
  // A key of its own, so a signature can never be mistaken for anything else keyed with the encryption key.
  const derived = ring.map((k) => createHmac('sha256', k).update('media-upload-url-v1').digest());
  const signWith = (key: Buffer, id: string, expiresSec: number) =>
    createHmac('sha256', key).update(`${id}.${expiresSec}`).digest('hex');
  return {
    sign: (id, expiresSec) => signWith(derived[0] as Buffer, id, expiresSec),
    verify(id, expiresSec, signature) {
      if (!/^[0-9a-f]{64}$/.test(signature)) return false;
      const given = Buffer.from(signature, 'hex');
      return derived.some((key) => timingSafeEqual(Buffer.from(signWith(key, id, expiresSec), 'hex'), given));
    },
  };
}
