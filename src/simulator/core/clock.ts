/**
 * The simulator's clock: real time plus an offset tests can move forward, so token
 * expiry and other timed rules can be exercised without waiting.
 */
export class SimClock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  nowSec(): number {
    return Math.floor(this.now() / 1000);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
