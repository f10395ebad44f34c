/**
 * An abort signal that fires after `ms` unless cleared first, and, given a
 * `parent` signal, as soon as that one does (with its reason).
 *
 * AbortSignal.timeout can not be cleared: its timer keeps the signal, and
 * everything listening to it (a whole publish attempt's closures), alive for the
 * full delay even when the work ended long before, which under load is tens of
 * thousands of them at once. AbortSignal.any, for the parent, costs more than this
 * one listener: the combined signal tracks its sources through weak references,
 * and it is made for every platform call (a few percent of a worker's time in a
 * publishing burst went to following and refreshing such signals).
 */
export interface Deadline {
  signal: AbortSignal;
  /** Whether it fired because the time ran out (not because the parent aborted). */
  readonly timedOut: boolean;
  /** Cancels the timer and stops listening to the parent; call when the work is over. */
  clear(): void;
}

export interface DeadlineOptions {
  /**
   * Count only the time this process could have seen an answer: time its event loop
   * was held up (a CPU shared by many more runnable processes than it has cores, a
   * long pause) is added to the deadline when it runs out, up to MAX_EXTENSION times
   * its length in all. For a wait that measures the other side (a webhook receiver):
   * its answer may be sitting unread on the socket while the loop could not run.
   */
  excludeOwnDelays?: boolean;
}

/** At most this many times the deadline's own length is added for the process's own delays. */
const MAX_EXTENSION = 5;
/** Delays shorter than this are not worth another timer. */
const MIN_EXTENSION_MS = 10;

export function deadline(ms: number, parent?: AbortSignal, options: DeadlineOptions = {}): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  const lagAtStart = options.excludeOwnDelays ? ownDelayMs() : 0;
  let granted = 0;
  const fire = () => {
    if (options.excludeOwnDelays) {
      const owed = ownDelayMs() - lagAtStart - granted;
      const room = ms * MAX_EXTENSION - granted;
      if (owed >= MIN_EXTENSION_MS && room >= MIN_EXTENSION_MS) {
        granted += Math.min(owed, room);
        timer = setTimeout(fire, Math.min(owed, room));
        timer.unref();
        return;
      }
    }
    timedOut = true;
    controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  };
  let timer = setTimeout(fire, ms);
  timer.unref();
  const follow = () => controller.abort(parent?.reason);
  if (parent?.aborted) follow();
  else parent?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    clear: () => {
      clearTimeout(timer);
      parent?.removeEventListener('abort', follow);
    },
  };
}

/**
 * How long this process's event loop has been held up, in total, since the first
 * deadline that asked: a timer due every SAMPLE_MS that runs later than it was due
 * was kept from running by the process's own work or by the machine (a process that
 * the scheduler runs a few milliseconds at a time). A deadline that asks between two
 * runs of the timer also gets the lateness so far of the run that is due.
 *
 * The lateness is measured against when the timer was due, never against the last
 * ask: a busy worker asks every few milliseconds (every webhook it sends), and a
 * measure restarted at each ask found every gap shorter than SAMPLE_MS and counted
 * nothing, however starved the process was.
 */
const SAMPLE_MS = 50;
/** Timers are a little late even on an idle machine: that is not held up. */
const TIMER_SLACK_MS = 5;
/** When the sampler's next run is due (performance.now() time). */
let sampleDue = 0;
let heldUpMs = 0;
let sampler: NodeJS.Timeout | null = null;

const latenessAt = (now: number) => Math.max(0, now - sampleDue - TIMER_SLACK_MS);

function sample(): void {
  const now = performance.now();
  heldUpMs += latenessAt(now);
  // setInterval schedules its next run from the start of this one.
  sampleDue = now + SAMPLE_MS;
}

/** Held-up time so far (never decreasing): what the sampler counted plus the lateness of its due run. */
function ownDelayMs(): number {
  if (!sampler) {
    sampleDue = performance.now() + SAMPLE_MS;
    sampler = setInterval(sample, SAMPLE_MS);
    sampler.unref();
  }
  return heldUpMs + latenessAt(performance.now());
}
