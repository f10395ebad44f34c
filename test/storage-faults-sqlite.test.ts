/**
 * A SQLite database that can not grow (the disk is full; `PRAGMA max_page_count`
 * reproduces SQLITE_FULL exactly): every write answers 503 with a message saying
 * so, nothing is half-written, reads keep answering, and once there is room again
 * the same service writes again without a restart.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { startTestService, type TestResponse, type TestService } from './harness.ts';
import { addIntegration, FUTURE } from './posts-fixtures.ts';
import { rowCounts } from './route-fixtures.ts';

const FULL = /database is full: nothing of this change was saved/;
const NO_CAP = 1_073_741_823;

const pages = async (t: TestService) =>
  Number((await sql<{ page_count: number }>`PRAGMA page_count`.execute(t.ctx.store.db)).rows[0]?.page_count);

/** Caps the file at `max` pages: a write that needs one more fails with SQLITE_FULL, as on a full disk. */
const capAt = async (t: TestService, max: number) => {
  await sql.raw(`PRAGMA max_page_count = ${max}`).execute(t.ctx.store.db);
};

describe('SQLite without room to grow', () => {
  let t: TestService;
  let accountId: string;
  before(async () => {
    t = await startTestService('sqlite', {
      settings: { ROLE: 'api', PUBLISH_WAIT_MS: '0', MONTHLY_CREDITS: '100000' },
    });
    accountId = await addIntegration(t.ctx, t.projectId, 'linkedin');
  });
  after(async () => {
    await capAt(t, NO_CAP);
    await t.close();
  });

  const publish = (content: string) =>
    t.request('POST', '/v1/posts', {
      content,
      platforms: [{ platform: 'linkedin', accountId }],
      scheduledFor: FUTURE,
    });

  it('answers writes 503 with a clear message, half-writes nothing, keeps reads working and recovers by itself', async () => {
    await capAt(t, await pages(t));
    // A post writes the post, its target, the credit charge and its job in one transaction. Publish
    // until one no longer fits: nothing of the refused one may stay, its charge included.
    let refused: TestResponse | null = null;
    let counts = await rowCounts(t.ctx);
    let usage = (await t.request('GET', '/v1/usage')).body;
    let accepted = 0;
    for (let i = 0; i < 2000 && !refused; i++) {
      counts = await rowCounts(t.ctx);
      usage = (await t.request('GET', '/v1/usage')).body;
      const res = await publish(`${i} ${'x'.repeat(2900)}`);
      if (res.status === 202) accepted++;
      else refused = res;
    }
    assert.ok(refused, 'the capped database never refused a post');
    assert.equal(refused.status, 503, refused.text);
    assert.match(refused.body.message, FULL);
    assert.equal(refused.headers['retry-after'], '30');
    assert.deepEqual(await rowCounts(t.ctx), counts, 'the refused post left rows behind');
    assert.deepEqual((await t.request('GET', '/v1/usage')).body, usage, 'the refused post was charged');
    process.stderr.write(`# ${accepted} posts fitted before the cap refused one\n`);

    // Other writes are refused the same way, in their family's shape.
    let profile: TestResponse | null = null;
    for (let i = 0; i < 2000 && !profile; i++) {
      const res = await t.request('POST', '/v1/profiles', { name: `p${i}`, description: 'y'.repeat(900) });
      if (res.status !== 201) profile = res;
    }
    assert.equal(profile?.status, 503, profile?.text);
    assert.match(profile.body.error, FULL);

    // Reads keep answering while the disk is full.
    const before = await rowCounts(t.ctx);
    assert.equal((await t.request('GET', '/v1/profiles')).status, 200);
    assert.equal((await t.request('GET', '/v1/posts')).body.total, accepted);
    assert.equal((await t.request('GET', `/v1/connect/integrations/${accountId}`)).status, 200);
    assert.deepEqual((await t.request('GET', '/v1/usage')).body, usage);
    assert.equal((await t.request('GET', '/v1/health')).status, 200);
    assert.deepEqual(await rowCounts(t.ctx), before);

    // Room again: the same service writes, without a restart.
    await capAt(t, NO_CAP);
    const again = await publish('after the disk was freed');
    assert.equal(again.status, 202, again.text);
    assert.equal((await t.request('POST', '/v1/profiles', { name: 'after' })).status, 201);
    const read = await t.request('GET', `/v1/posts/${again.body.postId}`);
    assert.equal(read.body.post.status, 'scheduled');
  });
});
