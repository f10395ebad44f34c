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

export function deadline(ms: number, parent?: AbortSignal): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  }, ms);
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
