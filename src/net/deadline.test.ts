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
    await sleep(450);
    assert.equal(fair.signal.aborted, true, 'and still runs out once the time is given back');
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
});
