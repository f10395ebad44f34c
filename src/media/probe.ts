/**
 * Video facts from `ffprobe` (Debian's ffmpeg package): duration, dimensions,
 * codecs and bitrate. Probing is best effort: when ffprobe is missing or can not
 * read the file, the status says so and the fields stay empty; the platforms
 * still get the file and judge it themselves.
 *
 * ffprobe is started by a small helper process (probe-host.ts), not by the
 * service's own process: starting a program from a process of a few hundred MB
 * blocked its event loop for tens of milliseconds per video (bench:spike with
 * YouTube and TikTok targets). Should the helper be unavailable, the service
 * starts ffprobe itself.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { type FfprobeAnswer as Answer, runFfprobeHere } from './ffprobe-run.ts';
import { readMp4Facts } from './mp4-facts.ts';

export type ProbeStatus = 'probed' | 'failed' | 'unavailable' | 'skipped';

export interface VideoFacts {
  probeStatus: ProbeStatus;
  durationSec?: number;
  width?: number;
  height?: number;
  videoCodec?: string;
  audioCodec?: string;
  bitrate?: number;
  /** Frames per second (ffprobe's average rate; the MP4 header reader does not give it). */
  fps?: number;
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { duration?: string; bit_rate?: string };
}

const num = (v: string | undefined): number | undefined => {
  const n = Number(v);
  return v !== undefined && Number.isFinite(n) ? n : undefined;
};

let host: ChildProcess | null = null;
let nextAsk = 0;
const waiting = new Map<number, (answer: Answer) => void>();

/** The helper process, started on first use; null when it can not be started. */
function probeHost(): ChildProcess | null {
  if (host?.connected) return host;
  try {
    const child = fork(new URL('./probe-host.ts', import.meta.url), [], {
      // Not the service's own flags (profilers, inspectors): the helper only starts ffprobe.
      execArgv: [],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'json',
    });
    child.on('message', (m: { id: number } & Answer) => {
      waiting.get(m.id)?.(m);
      waiting.delete(m.id);
      if (waiting.size === 0) child.channel?.unref();
    });
    // Gone (killed, crashed): what it had not answered is asked again without it.
    child.on('exit', () => {
      if (host === child) host = null;
      for (const [id, done] of waiting) {
        waiting.delete(id);
        done({ error: { code: 'HOST_GONE' } });
      }
    });
    child.on('error', () => {});
    child.unref();
    child.channel?.unref();
    host = child;
    return child;
  } catch {
    return null;
  }
}

/** ffprobe's output, from the helper process or, without it, from a process of this one. */
function runFfprobe(args: string[], timeoutMs: number): Promise<Answer> {
  const direct = () => runFfprobeHere(args, timeoutMs);
  const child = probeHost();
  if (!child) return direct();
  return new Promise<Answer>((resolve) => {
    const id = ++nextAsk;
    waiting.set(id, (answer) =>
      'error' in answer && answer.error.code === 'HOST_GONE' ? void direct().then(resolve) : resolve(answer),
    );
    child.channel?.ref();
    child.send({ id, args, timeoutMs }, (err) => {
      if (!err || !waiting.has(id)) return;
      waiting.delete(id);
      void direct().then(resolve);
    });
  });
}

/**
 * The facts of a local video file (never a URL: fetching is the outbound client's
 * job): read from its header boxes when it is an MP4 or MOV this process can read
 * (mp4-facts.ts), else by ffprobe.
 */
export async function probeVideo(path: string, timeoutMs = 30_000): Promise<VideoFacts> {
  return (await readMp4Facts(path)) ?? ffprobeVideo(path, timeoutMs);
}

/** Runs ffprobe on a local file. */
export function ffprobeVideo(path: string, timeoutMs = 30_000): Promise<VideoFacts> {
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path];
  return runFfprobe(args, timeoutMs).then((answer) => {
    if ('error' in answer) {
      const missing = answer.error.code === 'ENOENT';
      return { probeStatus: missing ? 'unavailable' : 'failed' } as VideoFacts;
    }
    const stdout = answer.stdout;
    let out: FfprobeOutput;
    try {
      out = JSON.parse(stdout) as FfprobeOutput;
    } catch {
      return { probeStatus: 'failed' } as VideoFacts;
    }
    const video = out.streams?.find((s) => s.codec_type === 'video');
    const audio = out.streams?.find((s) => s.codec_type === 'audio');
    const facts: VideoFacts = { probeStatus: video ? 'probed' : 'failed' };
    const duration = num(out.format?.duration);
    const bitrate = num(out.format?.bit_rate);
    if (duration !== undefined) facts.durationSec = duration;
    if (bitrate !== undefined) facts.bitrate = bitrate;
    if (video?.width) facts.width = video.width;
    if (video?.height) facts.height = video.height;
    if (video?.codec_name) facts.videoCodec = video.codec_name;
    if (audio?.codec_name) facts.audioCodec = audio.codec_name;
    const [n, d] = (video?.avg_frame_rate ?? '').split('/').map(Number);
    if (n && d) facts.fps = n / d;
    return facts;
  });
}

/** The helper process's pid while it runs (for tests). */
export const probeHostPid = (): number | null => (host?.connected ? (host.pid ?? null) : null);
