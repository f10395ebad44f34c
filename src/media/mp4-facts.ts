/**
 * Video facts read straight from an MP4 or QuickTime file's header boxes, in this
 * process: duration (mvhd), the video's coded width and height and the codecs
 * (each track's sample description), and the overall bitrate as ffprobe states it
 * (file size × 8 ÷ duration). Starting ffprobe costs tens of milliseconds of CPU per
 * video, which bounded how many videos a worker could publish a second; nearly
 * every video posted is an MP4 or MOV, and these few boxes are all that is needed.
 * The boxes are read through a small random-access interface (ByteSource), so the
 * same parser reads a file on disk and, by ranged GETs, a URL at create (mp4-url.ts).
 *
 * Returns null whenever the file is anything else or holds something this reader
 * does not know (another container, a codec not named below, a fragmented file
 * without a duration, a header box too large): the caller then asks ffprobe.
 */
import { open } from 'node:fs/promises';
import type { VideoFacts } from './probe.ts';

/** The largest `moov` box read into memory (a long video's sample tables run to a few MB). */
const MAX_MOOV_BYTES = 32 * 1024 * 1024;

/** Sample-description codes as ffprobe names their codecs. */
const VIDEO_CODECS: Record<string, string> = {
  avc1: 'h264',
  avc3: 'h264',
  hvc1: 'hevc',
  hev1: 'hevc',
  av01: 'av1',
  vp09: 'vp9',
};
const AUDIO_CODECS: Record<string, string> = { 'ac-3': 'ac3', 'ec-3': 'eac3', Opus: 'opus', fLaC: 'flac' };
/** MPEG-4 audio object types of an `mp4a` entry (its esds): AAC and MP3. */
const MP4A_OBJECT_TYPES: Record<number, string> = {
  64: 'aac',
  102: 'aac',
  103: 'aac',
  104: 'aac',
  105: 'mp3',
  107: 'mp3',
};

interface Box {
  type: string;
  /** Where the box's content starts and ends in the buffer. */
  start: number;
  end: number;
}

/** The boxes laid end to end in buf[from, to); null when a size does not fit. */
function boxes(buf: Buffer, from: number, to: number): Box[] | null {
  const out: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) return null;
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header || at + size > to) return null;
    out.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return out;
}

const child = (buf: Buffer, parent: Box, type: string): Box | undefined =>
  boxes(buf, parent.start, parent.end)?.find((b) => b.type === type);

function path(buf: Buffer, parent: Box, ...types: string[]): Box | undefined {
  let at: Box | undefined = parent;
  for (const type of types) at = at && child(buf, at, type);
  return at;
}

/** The mp4a entry's object type, from the DecoderConfigDescriptor inside its esds box. */
function mp4aObjectType(buf: Buffer, entry: Box): number | undefined {
  // Audio sample entry: 28 bytes of fields before its child boxes; QuickTime's
  // versions 1 and 2 of it add 16 or 36 bytes, and may wrap esds in a `wave` box.
  if (entry.start + 28 > entry.end) return undefined;
  const version = buf.readUInt16BE(entry.start + 8);
  const extra = version === 1 ? 16 : version === 2 ? 36 : 0;
  const children = boxes(buf, entry.start + 28 + extra, entry.end) ?? [];
  const wave = children.find((b) => b.type === 'wave');
  const esds =
    children.find((b) => b.type === 'esds') ??
    (wave && boxes(buf, wave.start, wave.end)?.find((b) => b.type === 'esds'));
  if (!esds) return undefined;
  let at = esds.start + 4;
  const descriptor = (tag: number): boolean => {
    if (buf[at] !== tag) return false;
    at++;
    // Its length: up to four bytes, seven bits each.
    for (let i = 0; i < 4 && at < esds.end; i++) if ((buf[at++] as number) < 0x80) break;
    return at < esds.end;
  };
  if (!descriptor(0x03)) return undefined;
  const flags = buf[at + 2] as number;
  at += 3;
  if (flags & 0x80) at += 2;
  if (flags & 0x40) at += 1 + (buf[at] as number);
  if (flags & 0x20) at += 2;
  if (!descriptor(0x04)) return undefined;
  return buf[at];
}

interface Track {
  handler: string;
  code: string;
  width?: number;
  height?: number;
  codec?: string;
}

function readTrack(buf: Buffer, trak: Box): Track | null {
  const hdlr = path(buf, trak, 'mdia', 'hdlr');
  const stsd = path(buf, trak, 'mdia', 'minf', 'stbl', 'stsd');
  if (!hdlr || !stsd || hdlr.start + 12 > hdlr.end) return null;
  const handler = buf.toString('latin1', hdlr.start + 8, hdlr.start + 12);
  // stsd: version and flags, the entry count, then the entries.
  const entry = boxes(buf, stsd.start + 8, stsd.end)?.[0];
  if (!entry) return null;
  const track: Track = { handler, code: entry.type };
  if (handler === 'vide') {
    // Visual sample entry: width and height after 24 bytes of other fields.
    if (entry.start + 28 > entry.end) return null;
    track.width = buf.readUInt16BE(entry.start + 24);
    track.height = buf.readUInt16BE(entry.start + 26);
    track.codec = VIDEO_CODECS[entry.type];
  } else if (handler === 'soun') {
    track.codec =
      entry.type === 'mp4a' ? MP4A_OBJECT_TYPES[mp4aObjectType(buf, entry) ?? -1] : AUDIO_CODECS[entry.type];
  }
  return track;
}

/** Facts of a parsed moov box and the file's size; null when anything is not understood. */
export function factsFromMoov(buf: Buffer, fileSize: number): VideoFacts | null {
  const moov: Box = { type: 'moov', start: 0, end: buf.length };
  const mvhd = child(buf, moov, 'mvhd');
  if (!mvhd) return null;
  const v1 = buf[mvhd.start] === 1;
  const need = v1 ? 32 : 20;
  if (mvhd.start + need > mvhd.end) return null;
  const timescale = buf.readUInt32BE(mvhd.start + (v1 ? 20 : 12));
  const units = v1 ? Number(buf.readBigUInt64BE(mvhd.start + 24)) : buf.readUInt32BE(mvhd.start + 16);
  if (!timescale || !units || units === 0xffffffff) return null;
  const tracks: Track[] = [];
  for (const box of boxes(buf, moov.start, moov.end) ?? []) {
    if (box.type !== 'trak') continue;
    const track = readTrack(buf, box);
    if (!track) return null;
    tracks.push(track);
  }
  const video = tracks.find((t) => t.handler === 'vide');
  const audio = tracks.find((t) => t.handler === 'soun');
  // A codec without a name here: ffprobe knows better.
  if (!video?.codec || !video.width || !video.height || (audio && !audio.codec)) return null;
  const durationSec = units / timescale;
  const facts: VideoFacts = {
    probeStatus: 'probed',
    durationSec,
    width: video.width,
    height: video.height,
    videoCodec: video.codec,
    bitrate: Math.floor((fileSize * 8) / durationSec),
  };
  if (audio?.codec) facts.audioCodec = audio.codec;
  return facts;
}

/**
 * Random access to a file's bytes, on disk or at a URL (mp4-url.ts): `read` answers
 * up to `length` bytes from `position` (fewer only at the end of the file).
 */
export interface ByteSource {
  size: number;
  read(position: number, length: number): Promise<Buffer>;
}

/**
 * Walks the top-level boxes of an MP4/MOV (a 16-byte header read per box, so an
 * `mdat` of gigabytes is stepped over, never read) to its `moov`, wherever it is
 * (first in a "faststart" file, after `mdat` otherwise), and reads the facts from
 * it. Null when the file is not one, or its moov is over `maxMoovBytes`.
 */
export async function mp4FactsFrom(
  source: ByteSource,
  maxMoovBytes = MAX_MOOV_BYTES,
): Promise<VideoFacts | null> {
  const { size } = source;
  let at = 0;
  let first = true;
  while (at + 8 <= size) {
    const header = await source.read(at, 16);
    if (header.length < 8) return null;
    let boxSize = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    let headerSize = 8;
    if (boxSize === 1) {
      if (header.length < 16) return null;
      boxSize = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (boxSize === 0) boxSize = size - at;
    // An ISO file starts with ftyp (MP4) or, in older QuickTime files, with one of these.
    if (first && !ISO_FIRST_BOXES.includes(type)) return null;
    first = false;
    if (boxSize < headerSize || at + boxSize > size) return null;
    if (type === 'moov') {
      const length = boxSize - headerSize;
      if (length > maxMoovBytes) return null;
      const moov = await source.read(at + headerSize, length);
      return moov.length === length ? factsFromMoov(moov, size) : null;
    }
    at += boxSize;
  }
  return null;
}

/** The boxes an MP4 or QuickTime file may start with. */
const ISO_FIRST_BOXES = ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip'];

/** Whether these first bytes start like an MP4 or QuickTime file (an `ftyp` box, as file sniffers take it). */
export const looksLikeMp4 = (head: Buffer): boolean =>
  head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp';

/** The facts of an MP4/MOV file on disk, or null (see the top). */
export async function readMp4Facts(file: string): Promise<VideoFacts | null> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    return await mp4FactsFrom({
      size,
      read: async (position, length) => {
        const buf = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buf, 0, length, position);
        return buf.subarray(0, bytesRead);
      },
    });
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}
