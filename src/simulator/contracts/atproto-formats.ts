/**
 * The AT Protocol's string formats (atproto.com/specs/lexicon#string-formats), as
 * Ajv formats for the Bluesky contract. CIDs are decoded, not pattern-matched: a
 * string of the right alphabet that is no CID is exactly the simulator bug the
 * check must catch.
 */
import type { Format } from 'ajv';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const TID_CHARS = '234567abcdefghijklmnopqrstuvwxyz';

const base32Decode = (s: string): Uint8Array | undefined => {
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of s) {
    const v = BASE32.indexOf(ch);
    if (v < 0) return undefined;
    value = (value << 5) | v;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
};

const varint = (b: Uint8Array, at: number): [number, number] | undefined => {
  let n = 0;
  for (let i = 0, shift = 0; i < 4 && at + i < b.length; i++, shift += 7) {
    const byte = b[at + i]!;
    n |= (byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return [n, at + i + 1];
  }
  return undefined;
};

/** A CIDv1 in base32 (`b…`) with a known codec and a sha-256 digest, or a CIDv0 (`Qm…`). */
export const isCid = (s: string): boolean => {
  if (/^Qm[1-9A-HJ-NP-Za-km-z]{44}$/.test(s)) return true;
  if (!s.startsWith('b')) return false;
  const bytes = base32Decode(s.slice(1));
  // Canonical: no characters beyond those the bytes need.
  if (bytes?.[0] !== 0x01 || s.length - 1 !== Math.ceil((bytes.length * 8) / 5)) return false;
  const codec = varint(bytes, 1);
  if (!codec || ![0x55, 0x71, 0x70].includes(codec[0])) return false; // raw, dag-cbor, dag-pb
  const hash = varint(bytes, codec[1]);
  if (hash?.[0] !== 0x12) return false; // sha2-256
  const len = varint(bytes, hash[1]);
  return !!len && len[0] === 32 && bytes.length - len[1] === 32;
};

/** 13 base32-sortable characters; the first holds the top bit clear. */
export const isTid = (s: string): boolean =>
  s.length === 13 && /^[234567abcdefghij]/.test(s) && [...s].every((c) => TID_CHARS.includes(c));

const DID = /^did:[a-z]+:[a-zA-Z0-9._:%-]*[a-zA-Z0-9._-]$/;
const HANDLE = /^([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;
const NSID =
  /^[a-zA-Z]([a-zA-Z0-9-]{0,62})?(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,62})?)+(\.[a-zA-Z]([a-zA-Z0-9]{0,62})?)$/;
const RECORD_KEY = /^[a-zA-Z0-9_~.:-]{1,512}$/;
// RFC 3339 with a time zone, as the lexicon spec asks of `datetime`.
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const atUri = (s: string): boolean => {
  const m = /^at:\/\/([^/?#]+)(\/([^/?#]+)(\/([^/?#]+))?)?$/.exec(s);
  if (!m) return false;
  const [, authority, , collection, , rkey] = m;
  return (
    (DID.test(authority!) || HANDLE.test(authority!)) &&
    (collection === undefined || NSID.test(collection)) &&
    (rkey === undefined || (RECORD_KEY.test(rkey) && rkey !== '.' && rkey !== '..'))
  );
};

export const ATPROTO_FORMATS: Record<string, Format> = {
  'atproto-cid': isCid,
  'atproto-tid': isTid,
  'atproto-did': DID,
  'atproto-handle': HANDLE,
  'atproto-at-identifier': (s: string) => DID.test(s) || HANDLE.test(s),
  'atproto-nsid': NSID,
  'atproto-record-key': (s: string) => RECORD_KEY.test(s) && s !== '.' && s !== '..',
  'atproto-datetime': DATETIME,
  'atproto-at-uri': atUri,
  'atproto-language': /^(i|[a-z]{2,3})(-[a-zA-Z0-9]{1,8})*$/,
};
