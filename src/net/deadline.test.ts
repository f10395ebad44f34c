import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { deadline } from './deadline.ts';

describe('a deadline', () => {
  it('fires when its time runs out, as a timeout', async () => {
    const d = deadline(20);
    assert.equal(d.signal.aborted, false);
    await sleep(60);
    assert.equal(d.signal.aborted, true);
    assert.equal(d.timedOut, true);
    assert.equal((d.signal.reason as DOMException).name, 'TimeoutError');
  });

  it('fires with its parent, with the parent’s reason, and that is no timeout', () => {
    const parent = new AbortController();
    const d = deadline(10_000, parent.signal);
    const why = new Error('lease lost');
    parent.abort(why);
    assert.equal(d.signal.aborted, true);
    assert.equal(d.signal.reason, why);
    assert.equal(d.timedOut, false);
    d.clear();
  });

  it('starts aborted under a parent that already is', () => {
    const parent = new AbortController();
    parent.abort(new Error('stopping'));
    const d = deadline(10_000, parent.signal);
    assert.equal(d.signal.aborted, true);
    d.clear();
  });

  it('once cleared, fires neither at its time nor with its parent', async () => {
    const parent = new AbortController();
    const d = deadline(20, parent.signal);
    d.clear();
    await sleep(60);
    parent.abort();
    assert.equal(d.signal.aborted, false);
    assert.equal(d.timedOut, false);
  });

  it('does not count time the process itself was held up, when asked', async () => {
    const hold = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until) {}
    };
    const plain = deadline(100);
    const fair = deadline(100, undefined, { excludeOwnDelays: true });
    await sleep(20);
    hold(300); // the loop could not have read an answer meanwhile
    await sleep(10);
    assert.equal(plain.signal.aborted, true, 'a plain deadline counts the held-up time');
    assert.equal(fair.signal.aborted, false, 'the fair one owes the 300 ms it could not wait');
    // And still runs out once the time is given back (later on a busy machine, whose stalls count too).
    while (!fair.signal.aborted) await sleep(20);
    assert.equal(fair.timedOut, true);
  });

  it('adds at most five times its own length for the process’s delays', async () => {
    const d = deadline(40, undefined, { excludeOwnDelays: true });
    const started = performance.now();
    while (!d.signal.aborted && performance.now() - started < 2_000) {
      const until = performance.now() + 100;
      while (performance.now() < until) {}
      await sleep(1);
    }
    assert.equal(d.signal.aborted, true);
    assert.ok(performance.now() - started < 2_000);
  });
  it('counts the stalls between deadlines that ask often (a busy worker starts a request every few ms)', async () => {
    const hold = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until) {}
    };
    const fair = deadline(300, undefined, { excludeOwnDelays: true });
    const started = performance.now();
    // The loop is held 40 ms at a time, and after each stall another request asks before the
    // sampler runs (as an answer read in the poll phase starts the next request). Measured from
    // the last ask, every gap was shorter than the sampler's period and nothing was counted.
    await new Promise<void>((done) => {
      const step = () => {
        hold(40);
        deadline(10_000, undefined, { excludeOwnDelays: true }).clear();
        if (performance.now() - started < 360) setImmediate(step);
        else done();
      };
      setImmediate(step);
    });
    assert.equal(fair.signal.aborted, false, 'part of the 360 ms the loop was held is owed');
    // Given back once the loop is free: it still runs out.
    while (!fair.signal.aborted) await sleep(20);
    assert.equal(fair.timedOut, true);
  });
});
