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
 * deadline that asked: a timer due every SAMPLE_MS that runs later than that was
 * kept from running by the process's own work or by the machine. Sampled by the
 * timer and whenever a deadline asks, so a deadline firing late counts its own delay.
 */
const SAMPLE_MS = 50;
/** Timers are a little late even on an idle machine: that is not held up. */
const TIMER_SLACK_MS = 5;
let lastSample = 0;
let heldUpMs = 0;
let sampler: NodeJS.Timeout | null = null;

function sample(): void {
  const now = performance.now();
  heldUpMs += Math.max(0, now - lastSample - SAMPLE_MS - TIMER_SLACK_MS);
  lastSample = now;
}

function ownDelayMs(): number {
  if (!sampler) {
    lastSample = performance.now();
    sampler = setInterval(sample, SAMPLE_MS);
    sampler.unref();
  } else sample();
  return heldUpMs;
}
