/**
 * Identifiers as a PDS makes them: CIDs (CIDv1, sha2-256, base32 multibase: `dag-cbor`
 * for records and commits, `raw` for blobs) and TIDs (13 base32-sortable characters:
 * microseconds since the epoch and a clock id). A client that parses them (the
 * AT Protocol libraries do) gets values it can parse.
 */
import { createHash } from 'node:crypto';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const SORTABLE = '234567abcdefghijklmnopqrstuvwxyz';

const base32 = (bytes: Uint8Array): string => {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
};

const CODECS = { 'dag-cbor': 0x71, raw: 0x55 } as const;

/** The CID of some content (the simulator hashes its JSON form for records). */
export const cidOf = (content: Buffer | string, codec: keyof typeof CODECS = 'dag-cbor'): string => {
  const digest = createHash('sha256').update(content).digest();
  return `b${base32(Uint8Array.from([0x01, CODECS[codec], 0x12, 0x20, ...digest]))}`;
};

let lastMicros = 0;

/** A TID for this moment, increasing within the process (repository revisions, record keys). */
export const tidAt = (nowMs: number): string => {
  let micros = nowMs * 1000;
  if (micros <= lastMicros) micros = lastMicros + 1;
  lastMicros = micros;
  let value = (BigInt(micros) << 10n) | BigInt(Math.floor(Math.random() * 1024));
  let out = '';
  for (let i = 0; i < 13; i++) {
    out = SORTABLE[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
};
