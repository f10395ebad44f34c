/**
 * Encryption at rest for OAuth tokens, client secrets and webhook secrets:
 * AES-256-GCM with a random 12-byte nonce per value, under a key ring.
 *
 * Stored form: `v2.<key id>.<nonce>.<tag>.<ciphertext>` (base64url parts). The key
 * id names the key that sealed the value (the first 8 hex digits of a hash of the
 * key, which reveals nothing usable about it), so during a rotation each value is
 * opened with the right key and the rotation knows what is left to re-encrypt.
 * Values from before key ids (`v1.<nonce>.<tag>.<ciphertext>`) are opened with
 * whichever key of the ring authenticates them.
 *
 * The ring is the primary key (new values) and the previous ones (read only):
 * ENCRYPTION_KEY and ENCRYPTION_PREVIOUS_KEYS, or else the key files in the data
 * directory (`encryption.key`, and `encryption.previous.key` while a rotation
 * runs). Key files are watched: when `rotate-key` replaces them, a running service
 * seals with the new key from its next value on and opens values sealed with it.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createSecretKey,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { prepareDataDir } from '../store/data-dir.ts';

export interface Sealer {
  seal(plain: string): string;
  open(sealed: string): string;
  /** The id of the key new values are sealed with. */
  primaryKeyId(): string;
  /** The id of the key that sealed a stored value; null for values from before key ids. */
  sealedWith(sealed: string): string | null;
  /** The ids of every key this sealer holds (the primary first). */
  heldKeyIds(): string[];
}

export interface KeyRing {
  primary: Buffer;
  previous: Buffer[];
}

/** The short public name of a key: 8 hex digits of a hash of it. */
export const keyId = (raw: Buffer): string =>
  createHash('sha256').update('sps-encryption-key-id').update(raw).digest('hex').slice(0, 8);

interface LoadedRing {
  primaryId: string;
  keys: Map<string, KeyObject>;
}

function loadRing(ring: KeyRing): LoadedRing {
  const keys = new Map<string, KeyObject>();
  for (const raw of [ring.primary, ...ring.previous]) {
    if (raw.length !== 32) throw new Error('encryption key must be 32 bytes');
    // One key object per key for every call: given raw bytes, each cipher would build its own.
    keys.set(keyId(raw), createSecretKey(raw));
  }
  return { primaryId: keyId(ring.primary), keys };
}

function openWith(key: KeyObject, nonce: string, tag: string, body: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * A sealer over a key ring. `reload`, when given, is asked for the ring again
 * before each seal (it answers null when nothing changed: a cheap check) and when
 * a value names a key the ring does not hold.
 */
export function createSealer(source: Buffer | KeyRing, reload?: () => KeyRing | null): Sealer {
  let ring = loadRing(Buffer.isBuffer(source) ? { primary: source, previous: [] } : source);
  const refresh = () => {
    const fresh = reload?.();
    if (fresh) ring = loadRing(fresh);
  };
  return {
    seal(plain) {
      refresh();
      const key = ring.keys.get(ring.primaryId) as KeyObject;
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v2',
        ring.primaryId,
        nonce.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    open(sealed) {
      const parts = sealed.split('.');
      if (parts[0] === 'v2' && parts.length === 5) {
        const [, id, nonce, tag, body] = parts as [string, string, string, string, string];
        if (!ring.keys.has(id)) refresh();
        const key = ring.keys.get(id);
        if (!key) throw new Error(`sealed with key ${id}, which this service does not hold`);
        return openWith(key, nonce, tag, body);
      }
      if (parts[0] === 'v1' && parts.length === 4) {
        const [, nonce, tag, body] = parts as [string, string, string, string];
        const primary = ring.keys.get(ring.primaryId) as KeyObject;
        // GCM's tag tells the right key from the others.
        for (const key of [primary, ...[...ring.keys.values()].filter((k) => k !== primary)]) {
          try {
            return openWith(key, nonce, tag, body);
          } catch {}
        }
        throw new Error('no key of this service opens the value');
      }
      throw new Error('not a sealed value');
    },
    primaryKeyId: () => {
      refresh();
      return ring.primaryId;
    },
    sealedWith(sealed) {
      const parts = sealed.split('.');
      return parts[0] === 'v2' && parts.length === 5 ? (parts[1] as string) : null;
    },
    heldKeyIds: () => {
      refresh();
      return [ring.primaryId, ...[...ring.keys.keys()].filter((id) => id !== ring.primaryId)];
    },
  };
}

const decodeKey = (text: string, where: string): Buffer => {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new Error(`${where} does not hold a base64 32-byte key`);
  return key;
};

export const KEY_FILE = 'encryption.key';
export const PREVIOUS_KEY_FILE = 'encryption.previous.key';

/** The key ring held in the data directory's key files, creating the primary (0600) on first use. */
export function readKeyFiles(dataDir: string): KeyRing {
  const file = join(dataDir, KEY_FILE);
  if (!existsSync(file)) {
    prepareDataDir(dataDir);
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  const previousFile = join(dataDir, PREVIOUS_KEY_FILE);
  const previous = existsSync(previousFile)
    ? [decodeKey(readFileSync(previousFile, 'utf8'), previousFile)]
    : [];
  return { primary: decodeKey(readFileSync(file, 'utf8'), file), previous };
}

/**
 * The key ring a service runs with: ENCRYPTION_KEY (and ENCRYPTION_PREVIOUS_KEYS)
 * when set, else the data directory's key files. Read once at start by what signs
 * with the key (media URLs); the sealer follows a rotation on its own.
 */
export function keyRingFromConfig(
  configured: string | undefined,
  previous: readonly string[],
  dataDir: string,
): KeyRing {
  if (!configured) return readKeyFiles(dataDir);
  return {
    primary: decodeKey(configured, 'ENCRYPTION_KEY'),
    previous: previous.map((k, i) => decodeKey(k, `ENCRYPTION_PREVIOUS_KEYS[${i}]`)),
  };
}

/**
 * The sealer of a service: from ENCRYPTION_KEY (and ENCRYPTION_PREVIOUS_KEYS), or
 * from the key files in the data directory, followed as a rotation changes them.
 * Several nodes must share one key ring: on PostgreSQL set the keys on every node.
 */
export function sealerFromConfig(
  configured: string | undefined,
  previous: readonly string[],
  dataDir: string,
): Sealer {
  if (configured) return createSealer(keyRingFromConfig(configured, previous, dataDir));
  const files = [join(dataDir, KEY_FILE), join(dataDir, PREVIOUS_KEY_FILE)];
  // A cheap look before each seal: the files' identity and time of change, not their contents.
  const stamp = () =>
    files
      .map((f) => {
        const st = statSync(f, { throwIfNoEntry: false });
        return st ? `${st.ino}:${st.mtimeMs}:${st.size}` : '-';
      })
      .join('|');
  const ring = readKeyFiles(dataDir);
  let seen = stamp();
  return createSealer(ring, () => {
    const now = stamp();
    if (now === seen) return null;
    seen = now;
    return readKeyFiles(dataDir);
  });
}
