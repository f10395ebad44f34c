/**
 * Password hashes: scrypt (memory-hard) with a random 16-byte salt per password;
 * the parameters are stored with the hash, `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`,
 * so raising PASSWORD_SCRYPT_LOG2_N later leaves existing hashes readable. Hashing
 * runs on libuv's thread pool (the async scrypt), never on the event loop.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { invalid } from '../../errors.ts';

const KEY_LENGTH = 32;
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

const optionsFor = (log2N: number, r: number, p: number): ScryptOptions => ({
  N: 2 ** log2N,
  r,
  p,
  // scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is just below N=2^15.
  maxmem: 128 * 2 ** log2N * r * 2,
});

/** Refuses passwords too short to resist guessing, or too long to hash cheaply. */
export function checkPasswordRules(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH)
    throw invalid(`The password must have at least ${PASSWORD_MIN_LENGTH} characters`);
  if (password.length > PASSWORD_MAX_LENGTH)
    throw invalid(`The password must have at most ${PASSWORD_MAX_LENGTH} characters`);
}

export async function hashPassword(password: string, log2N: number): Promise<string> {
  const salt = randomBytes(16);
  const r = 8;
  const p = 1;
  const hash = await scryptAsync(password, salt, optionsFor(log2N, r, p));
  return ['scrypt', log2N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** True when `password` matches the stored hash; compared in constant time. A malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || salt === undefined || hash === undefined) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(
    password,
    Buffer.from(salt, 'base64url'),
    optionsFor(Number(n), Number(r), Number(p)),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const dummies = new Map<number, Promise<string>>();

/**
 * Spends the time a real check takes, for an e-mail that has no password (unknown,
 * or invited and not yet accepted), so the answer's timing does not say which.
 */
export async function verifyDummy(password: string, log2N: number): Promise<false> {
  let dummy = dummies.get(log2N);
  if (!dummy) {
    dummy = hashPassword(randomBytes(12).toString('base64url'), log2N);
    dummies.set(log2N, dummy);
  }
  await verifyPassword(password, await dummy);
  return false;
}
