/**
 * Encryption at rest for OAuth tokens, client secrets and webhook secrets:
 * AES-256-GCM with a random 12-byte nonce per value. Stored form:
 * `v1.<nonce b64url>.<tag b64url>.<ciphertext b64url>`.
 */
import { createCipheriv, createDecipheriv, createSecretKey, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { prepareDataDir } from '../store/data-dir.ts';

export interface Sealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function createSealer(rawKey: Buffer): Sealer {
  if (rawKey.length !== 32) throw new Error('encryption key must be 32 bytes');
  // One key object for every call: given raw bytes, each cipher would build its own (a publish opens a token every time).
  const key = createSecretKey(rawKey);
  return {
    seal(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        nonce.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    open(sealed) {
      const [version, nonce, tag, body] = sealed.split('.');
      if (version !== 'v1' || !nonce || !tag || body === undefined) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/**
 * The key from ENCRYPTION_KEY, or else from `<dataDir>/encryption.key`, created
 * with 0600 permissions on first use. Several nodes must share one key: on
 * PostgreSQL set ENCRYPTION_KEY on every node.
 */
export function loadEncryptionKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return Buffer.from(configured, 'base64');
  const file = join(dataDir, 'encryption.key');
  if (!existsSync(file)) {
    prepareDataDir(dataDir);
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a base64 32-byte key`);
  return key;
}
