/**
 * One ffprobe run in the calling process, its output or its error code: what the
 * helper process (probe-host.ts) does for each ask, and what probe.ts does itself
 * when the helper is unavailable.
 */
import { execFile } from 'node:child_process';

export type FfprobeAnswer = { stdout: string } | { error: { code: string | null } };

/** Largest ffprobe output read (its JSON for a file with many streams stays far below). */
export const MAX_FFPROBE_OUTPUT = 4 * 1024 * 1024;

export function runFfprobeHere(args: string[], timeoutMs: number): Promise<FfprobeAnswer> {
  return new Promise((resolve) =>
    execFile('ffprobe', args, { timeout: timeoutMs, maxBuffer: MAX_FFPROBE_OUTPUT }, (err, stdout) =>
      resolve(err ? { error: { code: (err as NodeJS.ErrnoException).code ?? null } } : { stdout }),
    ),
  );
}
