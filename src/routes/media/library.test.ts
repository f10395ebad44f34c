/**
 * The media library routes through the real HTTP stack, end to end with the
 * simulator: uploads listed newest first with the posts that use them, read one by
 * one, deleted (the stored file with them) once no post still to publish needs
 * them, and every documented refusal: 400, 404 (unknown, deleted, another
 * project's), 409 (a scheduled post or a running series uses the file).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { FUTURE } from '../../../test/posts-fixtures.ts';
import { connectSimulated } from '../../../test/publishing-e2e.ts';
import { createProject } from '../../domain/projects/projects.ts';
import { png } from '../../media/testing.ts';
import { type Simulator, startSimulator } from '../../simulator/index.ts';

forEachDatabase('media library', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let accountId: string;

  before(async () => {
    sim = await startSimulator();
    t = await startTestService(dialect, {
      settings: { JOBS_POLL_MS: '20', PUBLISH_WAIT_MS: '15000', SIMULATOR_URL: sim.url },
    });
    accountId = await connectSimulated(t, sim, 'twitter', '1500000000000000001');
  });
  after(async () => {
    await t.close();
    await sim.close();
  });

  const upload = async (name: string, key?: string) => {
    const image = png(32, 24, 1000);
    const headers: Record<string, string> = key ? { 'x-access-key': key } : {};
    const res = await t.request(
      'POST',
      '/v1/media/upload',
      { filename: name, mimeType: 'image/png', size: image.length },
      headers,
    );
    assert.equal(res.status, 200, res.text);
    const u = new URL(res.body.data.uploadUrl);
    const put = await t.service.server!.inject({
      method: 'PUT',
      url: `${u.pathname}${u.search}`,
      payload: image,
      headers: { 'content-type': 'image/png' },
    });
    assert.equal(put.statusCode, 200, put.body);
    return {
      url: res.body.data.publicUrl as string,
      id: u.pathname.split('/').pop() as string,
      size: image.length,
    };
  };

  const served = async (url: string) =>
    (await t.service.server!.inject({ method: 'GET', url: new URL(url).pathname })).statusCode;

  it('lists stored uploads newest first with size, type and the posts that use them; paged', async () => {
    const first = await upload('first.png');
    const second = await upload('second.png');
    // An upload URL whose bytes never came is not a file: not listed.
    await t.request('POST', '/v1/media/upload', { filename: 'never.png', mimeType: 'image/png' });
    const post = await t.request('POST', '/v1/posts', {
      content: 'Uses the first upload',
      mediaItems: [{ type: 'image', url: first.url }],
      platforms: [{ platform: 'twitter', accountId }],
      scheduledFor: FUTURE,
    });
    assert.equal(post.status, 202, post.text);

    const list = await t.request('GET', '/v1/media?limit=100');
    assert.equal(list.status, 200, list.text);
    const ids = list.body.media.map((m: { id: string }) => m.id);
    assert.deepEqual(ids.slice(0, 2), [second.id, first.id]);
    assert.equal(list.body.total, ids.length);
    const one = list.body.media[1];
    assert.equal(one.url, first.url);
    assert.equal(one.type, 'image');
    assert.equal(one.mimeType, 'image/png');
    assert.equal(one.filename, 'first.png');
    assert.equal(one.size, first.size);
    assert.equal(one.source, 'upload');
    assert.deepEqual(one.usedBy, [
      { postId: post.body.postId, status: 'scheduled', excerpt: 'Uses the first upload' },
    ]);
    assert.equal(one.deletable, false);
    assert.deepEqual(list.body.media[0].usedBy, []);
    assert.equal(list.body.media[0].deletable, true);

    const page = await t.request('GET', '/v1/media?limit=1&offset=1');
    assert.equal(page.status, 200);
    assert.deepEqual(
      page.body.media.map((m: { id: string }) => m.id),
      [first.id],
    );
    assert.equal(page.body.total, list.body.total);

    const read = await t.request('GET', `/v1/media/${first.id}`);
    assert.equal(read.status, 200, read.text);
    assert.deepEqual(read.body.media, one);
  });

  it('refuses to delete a file a scheduled post uses (409), and deletes it once the post is gone', async () => {
    const file = await upload('scheduled.png');
    const post = await t.request('POST', '/v1/posts', {
      content: 'Scheduled with the file',
      mediaItems: [{ type: 'image', url: file.url }],
      platforms: [{ platform: 'twitter', accountId }],
      scheduledFor: FUTURE,
    });
    assert.equal(post.status, 202, post.text);
    const refused = await t.request('DELETE', `/v1/media/${file.id}`);
    assert.equal(refused.status, 409);
    assert.equal(refused.body.success, false);
    assert.match(
      refused.body.message,
      new RegExp(`used by a post not published yet \\(${post.body.postId}: scheduled\\)`),
    );
    assert.equal(await served(file.url), 200, 'the file stays');

    assert.equal((await t.request('DELETE', `/v1/posts/${post.body.postId}`)).status, 200);
    const done = await t.request('DELETE', `/v1/media/${file.id}`);
    assert.equal(done.status, 200, done.text);
    assert.equal(done.body.success, true);
    assert.equal(await served(file.url), 404, 'the stored file is deleted too');
    assert.equal((await t.request('GET', `/v1/media/${file.id}`)).status, 404);
    assert.equal((await t.request('DELETE', `/v1/media/${file.id}`)).status, 404);
    const list = await t.request('GET', '/v1/media?limit=100');
    assert.ok(!list.body.media.some((m: { id: string }) => m.id === file.id));
    // A post may no longer name the deleted file.
    const reuse = await t.request('POST', '/v1/posts', {
      content: 'Names a deleted file',
      mediaItems: [{ type: 'image', url: file.url }],
      platforms: [{ platform: 'twitter', accountId }],
      scheduledFor: FUTURE,
    });
    assert.equal(reuse.status, 400);
  });

  it('deletes a file whose only post is published through the simulator', async () => {
    const stamp = Date.now();
    const file = await upload('published.png');
    const post = await t.request('POST', '/v1/posts', {
      content: `Published with the file ${dialect} ${stamp}`,
      mediaItems: [{ type: 'image', url: file.url }],
      platforms: [{ platform: 'twitter', accountId }],
      publishNow: true,
    });
    assert.equal(post.status, 202, post.text);
    assert.equal(post.body.status, 'published', post.text);
    const read = await t.request('GET', `/v1/media/${file.id}`);
    assert.deepEqual(read.body.media.usedBy, [
      {
        postId: post.body.postId,
        status: 'published',
        excerpt: `Published with the file ${dialect} ${stamp}`,
      },
    ]);
    assert.equal(read.body.media.deletable, true);
    assert.equal((await t.request('DELETE', `/v1/media/${file.id}`)).status, 200);
    assert.equal(await served(file.url), 404);
  });

  it('refuses to delete a file a running series publishes (409)', async () => {
    const file = await upload('series.png');
    const post = await t.request('POST', '/v1/posts', {
      content: 'Weekly with the file',
      mediaItems: [{ type: 'image', url: file.url }],
      platforms: [{ platform: 'twitter', accountId }],
      scheduledFor: FUTURE,
      recurrence: { every: 1, unit: 'week' },
    });
    assert.equal(post.status, 202, post.text);
    // The first occurrence goes; the series would still publish the file next week.
    assert.equal((await t.request('DELETE', `/v1/posts/${post.body.postId}`)).status, 200);
    const refused = await t.request('DELETE', `/v1/media/${file.id}`);
    assert.equal(refused.status, 409, refused.text);
    assert.match(refused.body.message, new RegExp(`recurring series ${post.body.seriesId}`));
  });

  it("answers 404 for another project's file, whatever it asks, and changes nothing", async () => {
    const other = await createProject(t.ctx, 'other');
    const theirs = await upload('theirs.png', other.accessKey);
    assert.equal((await t.request('GET', `/v1/media/${theirs.id}`)).status, 404);
    const del = await t.request('DELETE', `/v1/media/${theirs.id}`);
    assert.equal(del.status, 404);
    assert.equal(del.body.message, 'Media not found');
    assert.equal(await served(theirs.url), 200);
    const mine = await t.request('GET', '/v1/media?limit=100');
    assert.ok(!mine.body.media.some((m: { id: string }) => m.id === theirs.id));
    const own = await t.request('GET', `/v1/media/${theirs.id}`, undefined, {
      'x-access-key': other.accessKey,
    });
    assert.equal(own.status, 200);
    assert.equal((await t.request('GET', '/v1/media/media_unknown')).status, 404);
  });

  it('answers 400 for bad paging and 401 without a key', async () => {
    for (const q of ['limit=0', 'limit=101', 'offset=-1', 'limit=abc', 'colour=blue']) {
      const res = await t.request('GET', `/v1/media?${q}`);
      assert.equal(res.status, 400, q);
      assert.equal(res.body.success, false);
      assert.ok(res.body.message.length > 0);
    }
    const noKey = await t.service.server!.inject({ method: 'GET', url: '/v1/media' });
    assert.equal(noKey.statusCode, 401);
  });
});
