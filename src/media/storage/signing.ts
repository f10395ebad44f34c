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

export function createUrlSigner(encryptionKey: Buffer): UrlSigner {
  // A key of its own, so a signature can never be mistaken for anything else keyed with the encryption key.
  const key = createHmac('sha256', encryptionKey).update('media-upload-url-v1').digest();
  const sign = (id: string, expiresSec: number) =>
    createHmac('sha256', key).update(`${id}.${expiresSec}`).digest('hex');
  return {
    sign,
    verify(id, expiresSec, signature) {
      if (!/^[0-9a-f]{64}$/.test(signature)) return false;
      return timingSafeEqual(Buffer.from(sign(id, expiresSec), 'hex'), Buffer.from(signature, 'hex'));
    },
  };
}
