/**
 * One shape for every platform's media rules, and the one checker. A platform
 * module states its rules per format (feed image, carousel item, Reel, Story,
 * Short, pin, video post) in its own `media-rules.ts`, naming the documentation
 * page each table comes from; the service checks them at create from the facts it
 * has (image headers, ffprobe or the MP4 header, the server's size and type), the
 * converter fits media to them, and each simulator refuses what breaks them. A fact
 * that is not known (a server that did not say the size) is not judged: the
 * platform will judge the file itself.
 */

/** A range of numbers; either end may be open. */
export interface Range {
  min?: number;
  max?: number;
}

export interface ImageRule {
  /** MIME types the platform takes. */
  formats: readonly string[];
  maxBytes?: number;
  width?: Range;
  height?: Range;
  /** Longest side, in pixels. */
  maxSide?: number;
  /** Width × height. */
  maxPixels?: number;
  /** Width + height (Telegram's photos: 10000). */
  maxSideSum?: number;
  /** Width / height. */
  aspect?: Range;
}

export interface VideoRule {
  /** Container MIME types (video/mp4, video/quicktime, video/webm…). */
  containers: readonly string[];
  /** ffprobe codec names (h264, hevc, vp9…); absent: any. */
  videoCodecs?: readonly string[];
  /** ffprobe codec names of the audio track (aac…); absent: any. */
  audioCodecs?: readonly string[];
  durationSec?: Range;
  maxBytes?: number;
  width?: Range;
  height?: Range;
  aspect?: Range;
  /** Width × height (a Mastodon instance's video matrix limit). */
  maxPixels?: number;
  fps?: Range;
  /** Whole-file bits per second. */
  maxBitrate?: number;
}

/** One format of one platform (an Instagram Reel, a Pinterest image pin…). */
export interface MediaFormat {
  /** How messages name it: "Instagram feed images". */
  title: string;
  /** The platform's documentation page the values come from. */
  doc: string;
  image?: ImageRule;
  video?: VideoRule;
  /** GIFs: checked as images with this rule; `video`: the platform wants them as video (GIF→MP4). */
  gif?: ImageRule | 'video';
}

/** What is known of one media item (any field may be unknown). */
export interface MediaFactsForRules {
  kind: 'image' | 'video' | 'gif' | 'document';
  mimeType?: string | null;
  size?: number | null;
  width?: number | null;
  height?: number | null;
  durationSec?: number | null;
  videoCodec?: string | null;
  audioCodec?: string | null;
  fps?: number | null;
  bitrate?: number | null;
}

/** What a probe (ffprobe or the MP4 header reader) found of a video, as the rules read it. */
type ProbedVideo = Pick<
  MediaFactsForRules,
  'width' | 'height' | 'durationSec' | 'videoCodec' | 'audioCodec' | 'fps' | 'bitrate'
>;

/** A probed video's facts for checkMedia: its container and size beside what the probe found. */
export const probedVideoFacts = (
  probed: ProbedVideo,
  mimeType: string | null,
  size: number,
): MediaFactsForRules => ({
  kind: 'video',
  mimeType,
  size,
  width: probed.width ?? null,
  height: probed.height ?? null,
  durationSec: probed.durationSec ?? null,
  videoCodec: probed.videoCodec ?? null,
  audioCodec: probed.audioCodec ?? null,
  fps: probed.fps ?? null,
  bitrate: probed.bitrate ?? null,
});

export type BreachRule =
  | 'format'
  | 'bytes'
  | 'width'
  | 'height'
  | 'pixels'
  | 'aspect'
  | 'duration_long'
  | 'duration_short'
  | 'container'
  | 'video_codec'
  | 'audio_codec'
  | 'fps'
  | 'bitrate'
  | 'kind';

export interface Breach {
  rule: BreachRule;
  /** The number and the limit, in words: "is 1000×3000 (1:3); Instagram feed images must be between 4:5 and 1.91:1". */
  message: string;
  /** Whether converting fixes it without losing what the person made (a too-long video does not). */
  convertible: boolean;
}

const MB = 1_000_000;

/** "8 MiB", "4 MB", "75 KB": sizes as the platform's page states them. */
export function bytesInWords(n: number): string {
  if (n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n >= MB) return `${+(n / MB).toFixed(2)} MB`;
  return `${+(n / 1000).toFixed(1)} KB`;
}

/** 0.8 → "4:5", 1.91 → "1.91:1", 0.5625 → "9:16": the ratio as people write it. */
export function ratioInWords(r: number): string {
  const known: [number, string][] = [
    [1, '1:1'],
    [0.8, '4:5'],
    [0.5625, '9:16'],
    [16 / 9, '16:9'],
    [2 / 3, '2:3'],
    [0.5, '1:2'],
    [1 / 3, '1:3'],
    [3, '3:1'],
    [4 / 3, '4:3'],
    [1 / 2.4, '1:2.4'],
    [0.1, '1:10'],
    [0.01, '1:100'],
  ];
  for (const [v, s] of known) if (Math.abs(v - r) < 0.005) return s;
  return r >= 1 ? `${+r.toFixed(2)}:1` : `1:${+(1 / r).toFixed(2)}`;
}

const inRange = (v: number, r: Range | undefined) =>
  !r || ((r.min === undefined || v >= r.min - 1e-9) && (r.max === undefined || v <= r.max + 1e-9));

function rangeWords(r: Range, unit: (n: number) => string): string {
  if (r.min !== undefined && r.max !== undefined) return `between ${unit(r.min)} and ${unit(r.max)}`;
  if (r.min !== undefined) return `at least ${unit(r.min)}`;
  return `at most ${unit(r.max ?? 0)}`;
}

/**
 * An aspect range in words; a range that only allows for rounding around one ratio
 * (Facebook Reels: 9:16 give or take 0.01) is that ratio, not two odd-looking ends.
 */
function aspectWords(r: Range): string {
  const one = oneRatio(r);
  return one !== undefined ? ratioInWords(one) : rangeWords(r, ratioInWords);
}

/** The one ratio an aspect range stands for when it only allows for rounding around it (else undefined). */
export function oneRatio(r: Range | undefined): number | undefined {
  return r?.min !== undefined && r.max !== undefined && r.max - r.min <= 0.03
    ? (r.min + r.max) / 2
    : undefined;
}

const known = (v: number | null | undefined): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v > 0;
const px = (n: number) => `${n} px`;

/** Every rule of `format` the item breaks, each with its number and its limit. */
export function checkMedia(format: MediaFormat, facts: MediaFactsForRules): Breach[] {
  const t = format.title;
  if (facts.kind === 'gif' && format.gif === 'video') return checkVideoLike(format, facts, t);
  if (facts.kind === 'image' || facts.kind === 'gif') {
    const rule = facts.kind === 'gif' && typeof format.gif === 'object' ? format.gif : format.image;
    if (!rule) return [{ rule: 'kind', message: `${t} do not take ${facts.kind}s`, convertible: false }];
    return checkImage(rule, facts, t);
  }
  if (facts.kind === 'video') {
    if (!format.video) return [{ rule: 'kind', message: `${t} do not take videos`, convertible: false }];
    return checkVideo(format.video, facts, t);
  }
  return [];
}

function checkVideoLike(format: MediaFormat, facts: MediaFactsForRules, t: string): Breach[] {
  // A GIF where the platform wants video: always made into an MP4 (the format is the breach).
  if (!format.video) return [{ rule: 'kind', message: `${t} do not take GIFs`, convertible: false }];
  return [
    { rule: 'container', message: `is a GIF; ${t} take GIFs only as MP4 video`, convertible: true },
    ...checkVideo(format.video, { ...facts, mimeType: null, videoCodec: null }, t).filter(
      (b) => b.rule !== 'container',
    ),
  ];
}

function checkImage(rule: ImageRule, f: MediaFactsForRules, t: string): Breach[] {
  const out: Breach[] = [];
  const add = (r: BreachRule, message: string) => out.push({ rule: r, message, convertible: true });
  if (f.mimeType && !rule.formats.includes(f.mimeType))
    add('format', `is ${f.mimeType}; ${t} must be ${list(rule.formats)}`);
  if (known(f.size) && rule.maxBytes !== undefined && f.size > rule.maxBytes)
    add(
      'bytes',
      `is ${bytesInWords(f.size)} (${f.size} bytes); ${t} must be at most ${bytesInWords(rule.maxBytes)}`,
    );
  if (known(f.width) && known(f.height)) {
    const { width: w, height: h } = f;
    const dims = `${w}×${h}`;
    if (!inRange(w, rule.width))
      add('width', `is ${w} px wide; ${t} must be ${rangeWords(rule.width ?? {}, px)} wide`);
    if (!inRange(h, rule.height))
      add('height', `is ${h} px high; ${t} must be ${rangeWords(rule.height ?? {}, px)} high`);
    if (rule.maxSide !== undefined && Math.max(w, h) > rule.maxSide)
      add('width', `is ${dims}; ${t} must be at most ${rule.maxSide} px on the longest side`);
    if (rule.maxPixels !== undefined && w * h > rule.maxPixels)
      add('pixels', `is ${dims} (${w * h} pixels); ${t} must have fewer than ${rule.maxPixels} pixels`);
    if (rule.maxSideSum !== undefined && w + h > rule.maxSideSum)
      add(
        'width',
        `is ${dims} (${w + h} px wide and high together); ${t} must be at most ${rule.maxSideSum} px together`,
      );
    if (!inRange(w / h, rule.aspect))
      add('aspect', `is ${dims} (${ratioInWords(w / h)}); ${t} must be ${aspectWords(rule.aspect ?? {})}`);
  }
  return out;
}

function checkVideo(rule: VideoRule, f: MediaFactsForRules, t: string): Breach[] {
  const out: Breach[] = [];
  const add = (r: BreachRule, message: string, convertible = true) =>
    out.push({ rule: r, message, convertible });
  if (f.mimeType && !rule.containers.includes(f.mimeType))
    add('container', `is ${f.mimeType}; ${t} must be ${list(rule.containers)}`);
  if (f.videoCodec && rule.videoCodecs && !rule.videoCodecs.includes(f.videoCodec))
    add('video_codec', `is encoded in ${f.videoCodec}; ${t} must be ${list(rule.videoCodecs)}`);
  if (f.audioCodec && rule.audioCodecs && !rule.audioCodecs.includes(f.audioCodec))
    add('audio_codec', `has ${f.audioCodec} audio; ${t} must have ${list(rule.audioCodecs)} audio`);
  if (known(f.durationSec) && rule.durationSec) {
    const d = rule.durationSec;
    const secs = (n: number) => `${+n.toFixed(1)} s`;
    if (d.max !== undefined && f.durationSec > d.max + 1e-6)
      add('duration_long', `is ${secs(f.durationSec)} long; ${t} must be at most ${secs(d.max)}`, false);
    if (d.min !== undefined && f.durationSec < d.min - 1e-6)
      add('duration_short', `is ${secs(f.durationSec)} long; ${t} must be at least ${secs(d.min)}`, false);
  }
  if (known(f.size) && rule.maxBytes !== undefined && f.size > rule.maxBytes)
    add(
      'bytes',
      `is ${bytesInWords(f.size)} (${f.size} bytes); ${t} must be at most ${bytesInWords(rule.maxBytes)}`,
    );
  if (known(f.width) && known(f.height)) {
    const { width: w, height: h } = f;
    if (!inRange(w, rule.width))
      add('width', `is ${w} px wide; ${t} must be ${rangeWords(rule.width ?? {}, px)} wide`);
    if (!inRange(h, rule.height))
      add('height', `is ${h} px high; ${t} must be ${rangeWords(rule.height ?? {}, px)} high`);
    if (!inRange(w / h, rule.aspect))
      add('aspect', `is ${w}×${h} (${ratioInWords(w / h)}); ${t} must be ${aspectWords(rule.aspect ?? {})}`);
    if (rule.maxPixels !== undefined && w * h > rule.maxPixels)
      add('pixels', `is ${w}×${h} (${w * h} pixels); ${t} must have at most ${rule.maxPixels} pixels`);
  }
  if (known(f.fps) && !inRange(f.fps, rule.fps))
    add(
      'fps',
      `runs at ${+f.fps.toFixed(2)} fps; ${t} must run ${rangeWords(rule.fps ?? {}, (n) => `${n} fps`)}`,
    );
  if (known(f.bitrate) && rule.maxBitrate !== undefined && f.bitrate > rule.maxBitrate)
    add(
      'bitrate',
      `is ${+(f.bitrate / 1e6).toFixed(1)} Mbps; ${t} must be at most ${+(rule.maxBitrate / 1e6).toFixed(1)} Mbps`,
    );
  return out;
}

const NAMES: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'image/bmp': 'BMP',
  'image/tiff': 'TIFF',
  'image/heic': 'HEIC',
  'video/mp4': 'MP4',
  'video/quicktime': 'MOV',
  'video/webm': 'WebM',
  'video/x-m4v': 'M4V',
  'video/x-matroska': 'MKV',
  'video/matroska': 'MKV',
  'video/x-msvideo': 'AVI',
  'video/vnd.avi': 'AVI',
  'video/3gpp': '3GP',
  'video/3gpp2': '3G2',
  'video/x-flv': 'FLV',
  'video/mpeg': 'MPEG',
  'video/mp2t': 'MPEG-TS',
  'video/x-ms-asf': 'ASF',
  'video/x-ms-wmv': 'WMV',
  'video/ogg': 'Ogg',
  h264: 'H.264',
  hevc: 'HEVC (H.265)',
  vp8: 'VP8',
  vp9: 'VP9',
  av1: 'AV1',
  aac: 'AAC',
};
/** "JPEG or PNG", "MP4, MOV or WebM". */
export function list(values: readonly string[]): string {
  // Two spellings of one type (video/x-matroska, video/matroska) are one name.
  const names = [...new Set(values.map((v) => NAMES[v] ?? v))];
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** A name for a MIME type or codec in messages ("image/png" → "PNG"). */
export const nameOf = (v: string): string => NAMES[v] ?? v;

/** What decides the format of an item on a target: the item's kind, how many items, the target's options. */
export interface FormatQuestion {
  kind: MediaFactsForRules['kind'];
  /** Items in the post (a carousel when more than one, on the platforms that have one). */
  itemCount: number;
  /** The target's platformSpecificData. */
  options: Readonly<Record<string, unknown>>;
}

/** A platform's media rules: its formats, and which one an item is published as. */
export interface PlatformMediaRules {
  formats: Readonly<Record<string, MediaFormat>>;
  /** The key in `formats` of the item's format on this target; null: the platform's validation refuses the item. */
  formatOf(q: FormatQuestion): string | null;
}

export const MEGABYTE = MB;
