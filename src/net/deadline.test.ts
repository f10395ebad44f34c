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
});
