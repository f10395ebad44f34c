import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Inspection, rememberInspections } from './inspect.ts';

function counting(answers: (url: string) => Inspection) {
  const asked: string[] = [];
  const inspect = async (url: string) => {
    asked.push(url);
    await new Promise((r) => setTimeout(r, 5));
    return answers(url);
  };
  return { asked, inspect };
}

const facts = (size: number): Inspection => ({ facts: { size, mimeType: 'image/jpeg' } });

describe('remembered media inspections', () => {
  it('asks once for concurrent and repeated creates of one URL, within the time to live', async () => {
    let clock = 0;
    const { asked, inspect } = counting(() => facts(100));
    const remembered = rememberInspections(inspect, { ttlMs: 1000, maxEntries: 10, now: () => clock });
    const answers = await Promise.all([1, 2, 3].map(() => remembered('https://cdn.example/a.jpg', 'image')));
    assert.deepEqual(answers, [facts(100), facts(100), facts(100)]);
    await remembered('https://cdn.example/a.jpg', 'image');
    assert.equal(asked.length, 1);
    clock = 1000;
    await remembered('https://cdn.example/a.jpg', 'image');
    assert.equal(asked.length, 2, 'asked again once the answer is older than its time to live');
  });

  it('keeps refusals but not guesses, so an unreachable server is asked again', async () => {
    const { asked, inspect } = counting((url) =>
      url.includes('private') ? { refused: 'private address' } : facts(0),
    );
    const remembered = rememberInspections(inspect, { ttlMs: 60_000, maxEntries: 10 });
    await remembered('http://10.0.0.1/private.jpg', 'image');
    await remembered('http://10.0.0.1/private.jpg', 'image');
    await remembered('https://down.example/a.jpg', 'image');
    await remembered('https://down.example/a.jpg', 'image');
    assert.deepEqual(asked, [
      'http://10.0.0.1/private.jpg',
      'https://down.example/a.jpg',
      'https://down.example/a.jpg',
    ]);
  });

  it('forgets a failed ask and holds at most maxEntries answers', async () => {
    let fail = true;
    const asked: string[] = [];
    const remembered = rememberInspections(
      async (url) => {
        asked.push(url);
        if (fail) throw new Error('boom');
        return facts(1);
      },
      { ttlMs: 60_000, maxEntries: 2 },
    );
    await assert.rejects(remembered('https://a.example/1.jpg', 'image'));
    fail = false;
    await remembered('https://a.example/1.jpg', 'image');
    await remembered('https://a.example/2.jpg', 'image');
    await remembered('https://a.example/3.jpg', 'image');
    await remembered('https://a.example/1.jpg', 'image');
    assert.deepEqual(
      asked,
      [1, 1, 2, 3, 1].map((n) => `https://a.example/${n}.jpg`),
      'the oldest was dropped for the third',
    );
  });
});
