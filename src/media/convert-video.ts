/**
 * Re-encodes a video (or an animated GIF) to one platform format (media/rules.ts)
 * with ffmpeg: H.264 video in yuv420p and AAC audio in an MP4 whose index comes
 * first (platforms that read while downloading need it), the aspect ratio brought
 * into the allowed range by padding (the whole frame over a blurred, enlarged copy
 * of itself) or cropping the centre, the size under the rule's width and height,
 * the frame rate into its range, the bitrate under the rule's bitrate and under
 * what its file size allows for the duration, and the length cut only when asked
 * (`trim`). File to file: ffmpeg streams, so the service's memory does not grow
 * with the video; conversions at once are bounded in this process.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import type { Fit } from '../platforms/media-check.ts';
import { targetAspect } from '../platforms/media-check.ts';
import type { VideoRule } from './rules.ts';

export interface VideoSource {
  width: number;
  height: number;
  durationSec?: number;
  fps?: number;
}

export interface VideoPlan {
  width: number;
  height: number;
  /** Frames per second to write; undefined: the source's. */
  fps?: number;
  /** Video bits per second. */
  videoBitrate: number;
  /** Seconds to keep (trim); undefined: all of it. */
  durationSec?: number;
}

const AUDIO_BITRATE = 128_000;
/** What a 1080p H.264 stream needs to look right; lower when the platform's limits ask. */
const DEFAULT_VIDEO_BITRATE = 8_000_000;
const MIN_VIDEO_BITRATE = 300_000;
/** The longest side written when the platform states none (1080p). */
const DEFAULT_MAX_SIDE = 1920;

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/** The frame, frame rate, bitrate and length a source becomes under `rule`. */
export function planVideo(source: VideoSource, rule: VideoRule, fit: Fit, trim: boolean): VideoPlan {
  const { width: w, height: h } = source;
  const r = w / h;
  const want = targetAspect(r, rule.aspect);
  let cw = w;
  let ch = h;
  if (want !== r) {
    const wider = want > r;
    if (fit === 'pad') [cw, ch] = wider ? [h * want, h] : [w, w / want];
    else [cw, ch] = wider ? [w, w / want] : [h * want, h];
  }
  let scale = Math.min(1, DEFAULT_MAX_SIDE / Math.max(cw, ch));
  if (rule.width?.max) scale = Math.min(scale, rule.width.max / cw);
  if (rule.height?.max) scale = Math.min(scale, rule.height.max / ch);
  if (rule.width?.min) scale = Math.max(scale, rule.width.min / cw);
  if (rule.height?.min) scale = Math.max(scale, rule.height.min / ch);
  // H.264 in 4:2:0 wants even sides; rounding down keeps them under a maximum.
  const side = (v: number, max?: number) => {
    const n = even(v);
    return max !== undefined && n > max ? n - 2 : n;
  };
  let width = side(cw * scale, rule.width?.max);
  let height = side(ch * scale, rule.height?.max);
  // Even sides move the ratio a little: back inside the range, by narrowing or lowering the frame.
  const { min: lowest, max: highest } = rule.aspect ?? {};
  for (let i = 0; i < 8; i++) {
    if (highest !== undefined && width / height > highest + 1e-9) width -= 2;
    else if (lowest !== undefined && width / height < lowest - 1e-9) height -= 2;
    else break;
  }
  // Into the allowed range; a source whose rate is not known is written at 30 fps when there is a range.
  const lo = rule.fps?.min;
  const hi = rule.fps?.max;
  const clamp = (v: number) => Math.min(hi ?? v, Math.max(lo ?? v, v));
  const src = source.fps;
  let fps: number | undefined;
  if (src === undefined) fps = lo !== undefined || hi !== undefined ? clamp(30) : undefined;
  else if (clamp(src) !== src) fps = clamp(src);
  const durationSec =
    trim && rule.durationSec?.max !== undefined && (source.durationSec ?? 0) > rule.durationSec.max
      ? rule.durationSec.max
      : undefined;
  let videoBitrate = DEFAULT_VIDEO_BITRATE;
  // 90% of the stated limits: the container and rate control's swings take the rest.
  if (rule.maxBitrate) videoBitrate = Math.min(videoBitrate, rule.maxBitrate * 0.9 - AUDIO_BITRATE);
  const seconds = durationSec ?? source.durationSec;
  if (rule.maxBytes && seconds)
    videoBitrate = Math.min(videoBitrate, ((rule.maxBytes * 8) / seconds) * 0.9 - AUDIO_BITRATE);
  videoBitrate = Math.max(MIN_VIDEO_BITRATE, Math.round(videoBitrate));
  return {
    width,
    height,
    videoBitrate,
    ...(fps !== undefined ? { fps } : {}),
    ...(durationSec !== undefined ? { durationSec } : {}),
  };
}

/** The filter graph that frames the source on the plan's canvas (`[v]` out). */
function frameFilter(plan: VideoPlan, fit: Fit): string {
  const { width: W, height: H } = plan;
  const rate = plan.fps ? `,fps=${plan.fps}` : '';
  const tail = `setsar=1${rate},format=yuv420p[v]`;
  const cover = `scale=${W}:${H}:force_original_aspect_ratio=increase,crop=${W}:${H}`;
  if (fit === 'crop') return `[0:v]${cover},${tail}`;
  // Pad: the frame whole, centred on a blurred copy that fills the canvas (no bars of one colour).
  return (
    `[0:v]split=2[bg0][fg0];[bg0]${cover},boxblur=20:2[bg];` +
    `[fg0]scale=${W}:${H}:force_original_aspect_ratio=decrease[fg];` +
    `[bg][fg]overlay=(W-w)/2:(H-h)/2,${tail}`
  );
}

/** ffmpeg's arguments for one conversion, file to file. */
export function ffmpegArgs(input: string, output: string, plan: VideoPlan, fit: Fit): string[] {
  const bitrate = String(plan.videoBitrate);
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-i',
    input,
    ...(plan.durationSec !== undefined ? ['-t', String(plan.durationSec)] : []),
    '-filter_complex',
    frameFilter(plan, fit),
    '-map',
    '[v]',
    '-map',
    '0:a:0?',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'high',
    '-b:v',
    bitrate,
    '-maxrate',
    bitrate,
    '-bufsize',
    String(plan.videoBitrate * 2),
    '-c:a',
    'aac',
    '-b:a',
    String(AUDIO_BITRATE),
    '-ar',
    '48000',
    '-ac',
    '2',
    '-movflags',
    '+faststart',
    // ffmpeg's own threads; the limit below keeps how many run at once.
    '-threads',
    String(Math.max(1, Math.min(4, availableParallelism()))),
    '-f',
    'mp4',
    output,
  ];
}

export class VideoConversionError extends Error {}

/** Conversions running at once in this process (each ffmpeg uses several cores already). */
export const CONVERSIONS_AT_ONCE = Math.max(1, Math.floor(availableParallelism() / 2));
let running = 0;
const queue: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= CONVERSIONS_AT_ONCE) await new Promise<void>((resolve) => queue.push(resolve));
  running++;
  return () => {
    running--;
    queue.shift()?.();
  };
}

/** Runs ffmpeg for one conversion; rejects with its last error lines, or when `signal` aborts (ffmpeg is killed). */
export async function convertVideo(
  input: string,
  output: string,
  plan: VideoPlan,
  fit: Fit,
  signal: AbortSignal,
): Promise<void> {
  const release = await slot();
  try {
    signal.throwIfAborted();
    await new Promise<void>((resolve, reject) => {
      const child = spawn('ffmpeg', ffmpegArgs(input, output, plan, fit), {
        stdio: ['ignore', 'ignore', 'pipe'],
        signal,
      });
      let tail = '';
      child.stderr.on('data', (d: Buffer) => {
        tail = (tail + d.toString()).slice(-2000);
      });
      child.on('error', (err) =>
        reject(
          (err as NodeJS.ErrnoException).code === 'ENOENT'
            ? new VideoConversionError('ffmpeg is not installed')
            : err,
        ),
      );
      child.on('close', (code) => {
        if (signal.aborted) reject(signal.reason);
        else if (code === 0) resolve();
        else
          reject(
            new VideoConversionError(`ffmpeg could not convert the video: ${tail.trim().split('\n').at(-1)}`),
          );
      });
    });
  } finally {
    release();
  }
}
