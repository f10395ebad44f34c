/**
 * Video facts from `ffprobe` (Debian's ffmpeg package): duration, dimensions,
 * codecs and bitrate. Probing is best effort: when ffprobe is missing or can not
 * read the file, the status says so and the fields stay empty; the platforms
 * still get the file and judge it themselves.
 */
import { execFile } from 'node:child_process';

export type ProbeStatus = 'probed' | 'failed' | 'unavailable' | 'skipped';

export interface VideoFacts {
  probeStatus: ProbeStatus;
  durationSec?: number;
  width?: number;
  height?: number;
  videoCodec?: string;
  audioCodec?: string;
  bitrate?: number;
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { duration?: string; bit_rate?: string };
}

const num = (v: string | undefined): number | undefined => {
  const n = Number(v);
  return v !== undefined && Number.isFinite(n) ? n : undefined;
};

/** Runs ffprobe on a local file (never on a URL: fetching is the outbound client's job). */
export function probeVideo(path: string, timeoutMs = 30_000): Promise<VideoFacts> {
  return new Promise((resolve) => {
    execFile(
      'ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path],
      { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 },
      (err, stdout) => {
        if (err) {
          const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
          return resolve({ probeStatus: missing ? 'unavailable' : 'failed' });
        }
        let out: FfprobeOutput;
        try {
          out = JSON.parse(stdout) as FfprobeOutput;
        } catch {
          return resolve({ probeStatus: 'failed' });
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
        resolve(facts);
      },
    );
  });
}
