/**
 * A small process that runs ffprobe for the service (src/media/probe.ts). Starting a
 * program copies the starting process's memory map, so from a worker holding a few
 * hundred MB each ffprobe cost tens of milliseconds of blocked event loop; from this
 * process, which holds almost nothing, it costs a few, and not on the worker's loop.
 * It answers `{id, stdout}` or `{id, error}` to each `{id, args, timeoutMs}`, and
 * exits when the service goes (its IPC channel closes).
 */
import { runFfprobeHere } from './ffprobe-run.ts';

interface ProbeAsk {
  id: number;
  args: string[];
  timeoutMs: number;
}

process.on('message', (ask: ProbeAsk) => {
  void runFfprobeHere(ask.args, ask.timeoutMs).then((answer) => process.send?.({ id: ask.id, ...answer }));
});
process.on('disconnect', () => process.exit(0));
