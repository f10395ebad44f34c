/**
 * Time-based one-time codes (RFC 6238 over RFC 4226): HMAC-SHA1, 30-second steps,
 * 6 digits, accepted one step either side for clock drift (and once: two-factor.ts). Secrets are 20 random
 * bytes, shown once as base32 in an otpauth:// URI and stored sealed. Recovery
 * codes are random, shown once, stored as sha256 hashes, each usable once.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const STEP_S = 30;
const DIGITS = 6;
const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += B32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += B32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const i = B32.indexOf(ch);
    if (i < 0) throw new Error('not base32');
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The code of one time step (RFC 4226 dynamic truncation). */
export function hotp(secret: Buffer, counter: number): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(msg).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0');
}

export const totpAt = (secret: Buffer, atMs: number): string =>
  hotp(secret, Math.floor(atMs / 1000 / STEP_S));

/**
 * The step `code` belongs to (the current one, or the one before or after), or null.
 * When it matches more than one, the latest: a replay check then refuses the most.
 */
export function matchTotpStep(secretBase32: string, code: string, atMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const secret = base32Decode(secretBase32);
  const step = Math.floor(atMs / 1000 / STEP_S);
  let matched: number | null = null;
  // Every window is compared (no early exit), so timing says nothing about which matched.
  for (const s of [step - 1, step, step + 1])
    if (timingSafeEqual(Buffer.from(hotp(secret, s)), Buffer.from(code))) matched = s;
  return matched;
}

/** True when `code` is the code of the current step or of the one before or after. */
export const verifyTotp = (secretBase32: string, code: string, atMs: number): boolean =>
  matchTotpStep(secretBase32, code, atMs) !== null;

export const newTotpSecret = (): string => base32Encode(randomBytes(20));

export function otpauthUri(secretBase32: string, account: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const q = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: 'SHA1',
    digits: '6',
    period: '30',
  });
  return `otpauth://totp/${label}?${q.toString()}`;
}

export const hashRecoveryCode = (code: string): string =>
  createHash('sha256').update(code.trim().toLowerCase().replace(/-/g, '')).digest('hex');

/** Ten codes such as `k3f9-x2mq-7hpd`, shown once. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: 10 }, () => {
    const bytes = randomBytes(12);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}
