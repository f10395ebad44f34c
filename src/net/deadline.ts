/**
 * An abort signal that fires after `ms` unless cleared first. AbortSignal.timeout
 * can not be cleared: its timer keeps the signal, and everything listening to it
 * (a whole publish attempt's closures), alive for the full delay even when the
 * work ended long before, which under load is tens of thousands of them at once.
 */
interface Deadline {
  signal: AbortSignal;
  /** Cancels the timer; call when the work is over. */
  clear(): void;
}

export function deadline(ms: number): Deadline {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    ms,
  );
  timer.unref();
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}
