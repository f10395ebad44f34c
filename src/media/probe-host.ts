/**
 * A small process that runs ffprobe for the service (src/media/probe.ts). Starting a
 * program copies the starting process's memory map, so from a worker holding a few
 * hundred MB each ffprobe cost tens of milliseconds of blocked event loop; from this
 * process, which holds almost nothing, it costs a few, and not on the worker's loop.
 * It answers `{id, stdout}` or `{id, error}` to each `{id, args, timeoutMs}`, and
 * exits when the service goes (its IPC channel closes).
 */
import { execFile } from 'node:child_process';

interface ProbeAsk {
  id: number;
  args: string[];
  timeoutMs: number;
  maxBuffer: number;
}

process.on('message', (ask: ProbeAsk) => {
  execFile('ffprobe', ask.args, { timeout: ask.timeoutMs, maxBuffer: ask.maxBuffer }, (err, stdout) => {
    const error = err ? { code: (err as NodeJS.ErrnoException).code ?? null, message: err.message } : null;
    process.send?.(error ? { id: ask.id, error } : { id: ask.id, stdout });
  });
});
process.on('disconnect', () => process.exit(0));
