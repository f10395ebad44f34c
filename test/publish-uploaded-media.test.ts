/**
 * End to end: a project uploads an image through POST /v1/media/upload and the
 * signed PUT, then publishes it now to X and Bluesky by the real adapters against
 * the simulator. The outbound allow-list is empty, so a fetch of the service's own
 * (loopback) URL would be refused: the post publishing proves the file was read
 * from disk. Another project can not use the upload, nor can a URL whose file
 * was never sent or is no longer stored, and validate says so as create does.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, it } from 'node:test';
import { createProject } from '../src/domain/projects/projects.ts';
import { png } from '../src/media/testing.ts';
import type { Platform } from '../src/platforms/names.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { connectSimulated } from './publishing-e2e.ts';

const ACCOUNTS: Partial<Record<Platform, string>> = {
  twitter: '1500000000000000001',
  bluesky: 'did:plc:simbluesky000000000001',
};

forEachDatabase('publishing an uploaded image', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  const targets: { platform: Platform; accountId: string }[] = [];

  before(async () => {
    sim = await startSimulator();
    t = await startTestService(dialect, {
      settings: {
        JOBS_POLL_MS: '20',
        PUBLISH_WAIT_MS: '15000',
        OUTBOUND_ALLOWLIST: '',
        SIMULATOR_URL: sim.url,
      },
    });
    for (const [platform, user] of Object.entries(ACCOUNTS) as [Platform, string][])
      targets.push({ platform, accountId: await connectSimulated(t, sim, platform, user) });
  });
  after(async () => {
    await t.close();
    await sim.close();
  });

  const upload = async (bytes: Buffer, send = true) => {
    const res = await t.request('POST', '/v1/media/upload', {
      filename: 'photo.png',
      mimeType: 'image/png',
      size: bytes.length,
    });
    assert.equal(res.status, 200, res.text);
    if (send) {
      const u = new URL(res.body.data.uploadUrl);
      const put = await t.service.server!.inject({
        method: 'PUT',
        url: `${u.pathname}${u.search}`,
        payload: bytes,
        headers: { 'content-type': 'image/png' },
      });
      assert.equal(put.statusCode, 200, put.body);
    }
    return res.body.data.publicUrl as string;
  };

  it('publishes the uploaded file to X and Bluesky without fetching its URL', async () => {
    const image = png(640, 480, 20_000);
    const url = await upload(image);
    const content = `Uploaded image ${dialect} ${Date.now()}`;
    const res = await t.request('POST', '/v1/posts', {
      content,
      mediaItems: [{ type: 'image', url }],
      platforms: targets,
      publishNow: true,
    });
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.status, 'published', JSON.stringify(res.body));
    const tweet = sim.state.listPosts('twitter', { where: (p) => p.data.text === content });
    assert.equal((tweet[0]?.data.media as { media_ids?: string[] } | undefined)?.media_ids?.length, 1);
    const init = sim.calls.list({ platform: 'twitter', path: /media\/upload\/initialize/ });
    assert.ok(
      init.some((c) => (c.body as { total_bytes?: number }).total_bytes === image.length),
      'X was told the uploaded file size',
    );
    const record = sim.state.listPosts('bluesky', {
      where: (p) => (p.data.record as { text: string }).text === content,
    });
    assert.equal(
      (record[0]?.data.record as { embed?: { $type: string } } | undefined)?.embed?.$type,
      'app.bsky.embed.images',
    );
  });

  it('refuses another project, and a URL whose file was never uploaded, before accepting the post', async () => {
    const url = await upload(png(32, 32));
    const other = await createProject(t.ctx, 'other');
    const foreign = await t.request(
      'POST',
      '/v1/posts',
      {
        content: 'not mine',
        mediaItems: [{ type: 'image', url }],
        platforms: [{ platform: 'twitter', accountId: 'int_x' }],
        publishNow: true,
      },
      { 'x-access-key': other.accessKey },
    );
    assert.equal(foreign.status, 400, foreign.text);
    assert.match(foreign.body.message, /mediaItems\[0\]\.url is not a file this project uploaded/);
    // Validate answers what create would: the same refusal, not "valid".
    const foreignCheck = await t.request(
      'POST',
      '/v1/posts/validate',
      {
        content: 'not mine',
        mediaItems: [{ type: 'image', url }],
        platforms: [{ platform: 'twitter', accountId: targets[0]!.accountId }],
        publishNow: true,
      },
      { 'x-access-key': other.accessKey },
    );
    assert.equal(foreignCheck.status, 200, foreignCheck.text);
    assert.equal(foreignCheck.body.valid, false, foreignCheck.text);
    assert.equal(foreignCheck.body.status, 400);
    assert.match(foreignCheck.body.message, /mediaItems\[0\]\.url is not a file this project uploaded/);

    const pending = await upload(png(16, 16), false);
    const early = await t.request('POST', '/v1/posts', {
      content: 'too early',
      mediaItems: [{ type: 'image', url: pending }],
      platforms: targets.filter((x) => x.platform === 'twitter'),
      publishNow: true,
    });
    assert.equal(early.status, 400, early.text);
    assert.match(early.body.message, /not uploaded yet/);
  });

  it('refuses, at create and at validate, an upload whose file is no longer stored (a restore without the media)', async () => {
    const url = await upload(png(24, 24));
    const body = {
      content: 'file gone',
      mediaItems: [{ type: 'image', url }],
      platforms: targets.filter((x) => x.platform === 'twitter'),
      scheduledFor: new Date(Date.now() + 86_400_000).toISOString(),
    };
    const before = await t.request('POST', '/v1/posts/validate', body);
    assert.equal(before.body.valid, true, before.text);
    const key = decodeURIComponent(new URL(url).pathname.replace('/v1/media/files/', ''));
    rmSync(t.ctx.mediaStore.localPath!(key));
    const gone = /mediaItems\[0\]\.url names an upload whose file is no longer stored/;
    const checked = await t.request('POST', '/v1/posts/validate', body);
    assert.equal(checked.body.valid, false, checked.text);
    assert.match(checked.body.message, gone);
    const created = await t.request('POST', '/v1/posts', body);
    assert.equal(created.status, 400, created.text);
    assert.match(created.body.message, gone);
  });
});
