/**
 * Record keys for posts: TIDs (timestamp identifiers), 13 characters of
 * base32-sortable holding microseconds since the epoch and a random clock id.
 * Chosen by us before the create call, so a lost answer can be looked up.
 */
import { randomInt } from 'node:crypto';

const ALPHABET = '234567abcdefghijklmnopqrstuvwxyz';
let lastMicros = 0;

export function newTid(nowMs = Date.now()): string {
  let micros = nowMs * 1000;
  if (micros <= lastMicros) micros = lastMicros + 1;
  lastMicros = micros;
  let value = (BigInt(micros) << 10n) | BigInt(randomInt(1024));
  let out = '';
  for (let i = 0; i < 13; i++) {
    out = ALPHABET[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}
