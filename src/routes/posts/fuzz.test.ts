/**
 * Property-based fuzzing of POST /v1/posts: random JSON, and valid requests broken
 * in at least one certain way plus random noise, must all be answered 4xx in
 * shape A (never 5xx) and leave the database exactly as it was.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import fc from 'fast-check';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { addIntegration, FUTURE, postTablesSnapshot } from '../../../test/posts-fixtures.ts';
import { PLATFORMS } from '../../platforms/names.ts';

type Body = Record<string, unknown>;

const noise = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 400 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Changes that make any request invalid, whatever else it holds. */
function breakers(accounts: { tw: string; li: string }): fc.Arbitrary<(b: Body) => void>[] {
  return [
    fc.constant((b: Body) => delete b.content),
    fc.constant((b: Body) => delete b.platforms),
    fc.constant((b: Body) => (b.platforms = [])),
    fc.string().map((k) => (b: Body) => (b[`x${k}`] = 1)),
    fc.string().map((p) => (b: Body) => ((b.platforms as Body[])[0]!.platform = `no-${p}`)),
    fc.string().map((id) => (b: Body) => ((b.platforms as Body[])[0]!.accountId = `zz_${id}`)),
    fc.date({ max: new Date('2020-01-01'), noInvalidDate: true }).map((d) => (b: Body) => {
      delete b.publishNow;
      b.scheduledFor = d.toISOString();
    }),
    fc.string().map((tz) => (b: Body) => {
      b.timezone = `Not/${tz}`;
    }),
    fc.constant((b: Body) => {
      b.publishNow = true;
      b.scheduledFor = FUTURE;
    }),
    fc.constant((b: Body) => {
      delete b.publishNow;
      delete b.scheduledFor;
    }),
    fc.tuple(fc.string(), noise).map(([k, v]) => (b: Body) => {
      (b.platforms as Body[])[0]!.platformSpecificData = { [`zz${k}`]: v };
    }),
    fc.oneof(fc.integer(), fc.string(), fc.array(noise)).map((v) => (b: Body) => {
      (b.platforms as Body[])[1]!.platformSpecificData = v;
    }),
    fc.integer({ min: 281, max: 3000 }).map((n) => (b: Body) => {
      b.content = 'a'.repeat(n);
      for (const t of b.platforms as Body[]) delete t.content;
    }),
    fc
      .string()
      .map((type) => (b: Body) => (b.mediaItems = [{ type: `t${type}`, url: 'https://e.com/x.jpg' }])),
    fc.constant((b: Body) => (b.platforms as Body[]).push({ platform: 'twitter', accountId: accounts.tw })),
  ];
}

/** Random changes that may or may not be valid on their own. */
const noiseChanges: fc.Arbitrary<(b: Body) => void>[] = [
  noise.map((v) => (b: Body) => (b.content = v)),
  noise.map((v) => (b: Body) => (b.mediaItems = v)),
  noise.map((v) => (b: Body) => ((b.platforms as Body[])[0]!.content = v)),
  fc.tuple(fc.constantFrom('poll', 'threadItems', 'replySettings', 'communityId'), noise).map(
    ([k, v]) =>
      (b: Body) =>
        ((b.platforms as Body[])[0]!.platformSpecificData = { [k]: v }),
  ),
  fc.tuple(fc.constantFrom('mentions', 'visibility', 'articleUrl', 'documentTitle'), noise).map(
    ([k, v]) =>
      (b: Body) =>
        ((b.platforms as Body[])[1]!.platformSpecificData = { [k]: v }),
  ),
  fc.constantFrom(...PLATFORMS).map((p) => (b: Body) => ((b.platforms as Body[])[1]!.platform = p)),
  noise.map((v) => (b: Body) => (b.timezone = v)),
  noise.map((v) => (b: Body) => (b.publishNow = v)),
];

forEachDatabase('POST /v1/posts fuzz', (dialect) => {
  let t: TestService;
  let accounts: { tw: string; li: string };
  before(async () => {
    t = await startTestService(dialect);
    accounts = {
      tw: await addIntegration(t.ctx, t.projectId, 'twitter'),
      li: await addIntegration(t.ctx, t.projectId, 'linkedin'),
    };
  });
  after(() => t.close());

  it('answers every malformed body with 4xx in shape A and changes nothing', async () => {
    const valid = (): Body => ({
      content: 'hello',
      platforms: [
        { platform: 'twitter', accountId: accounts.tw },
        { platform: 'linkedin', accountId: accounts.li },
      ],
      scheduledFor: FUTURE,
    });
    const broken = fc
      .tuple(fc.array(fc.oneof(...noiseChanges), { maxLength: 3 }), fc.oneof(...breakers(accounts)))
      .map(([changes, breaker]) => {
        const b = valid();
        for (const c of changes) c(b);
        breaker(b);
        return JSON.stringify(b);
      });
    const anyJson = fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v));
    const text = fc.string({ maxLength: 200 }).filter((s) => s.trim() !== '');
    const snapshot = await postTablesSnapshot(t.ctx);
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.oneof({ weight: 6, arbitrary: broken }, anyJson, text), async (payload) => {
        const res = await t.request('POST', '/v1/posts', payload, { 'content-type': 'application/json' });
        seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
        assert.ok(res.status >= 400 && res.status < 500, `${res.status} for ${payload}: ${res.text}`);
        assert.deepEqual(Object.keys(res.body ?? {}).sort(), ['message', 'success'], res.text);
        assert.equal(res.body.success, false);
        assert.equal(typeof res.body.message, 'string');
      }),
      { numRuns: dialect === 'sqlite' ? 2000 : 400 },
    );
    assert.deepEqual(await postTablesSnapshot(t.ctx), snapshot);
    assert.ok((seen.get(400) ?? 0) > 0);
  });
});
