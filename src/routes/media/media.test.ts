/**
 * Media upload on the local driver through the real HTTP stack: the signed URL,
 * the one PUT it allows, the file served back typed from its bytes with byte
 * ranges, and every refusal in the documented shape.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { createUrlSigner } from '../../media/storage/signing.ts';
import { mp4Stub, png } from '../../media/testing.ts';

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

async function put(t: TestService, url: string, body: Buffer | string, type = 'application/octet-stream') {
  const res = await t.service.server!.inject({
    method: 'PUT',
    url: pathOf(url),
    payload: body,
    headers: { 'content-type': type },
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

async function get(t: TestService, url: string, headers: Record<string, string> = {}) {
  const res = await t.service.server!.inject({ method: 'GET', url: pathOf(url), headers });
  return { status: res.statusCode, raw: res.rawPayload, headers: res.headers, text: res.body };
}

forEachDatabase('media upload (local disk)', (dialect) => {
  let t: TestService;
  before(async () => {
    t = await startTestService(dialect);
  });
  after(() => t.close());

  const ask = (body: unknown) => t.request('POST', '/v1/media/upload', body);

  it('hands out a signed URL, takes the file once, and serves it typed from its bytes', async () => {
    const image = png(64, 48, 5000);
    const res = await ask({ filename: 'My Launch (1).png', mimeType: 'image/png', size: image.length });
    assert.equal(res.status, 200, res.text);
    const { uploadUrl, publicUrl, expiresAt, type, warnings } = res.body.data;
    assert.equal(type, 'image');
    assert.deepEqual(warnings, []);
    assert.match(
      publicUrl,
      /^http:\/\/localhost:3000\/v1\/media\/files\/media_[0-9a-z]{25}\/My-Launch-1-.png$/,
    );
    assert.match(uploadUrl, /\/v1\/media\/uploads\/media_[0-9a-z]{25}\?expires=\d+&signature=[0-9a-f]{64}$/);
    assert.ok(Date.parse(expiresAt) > Date.now());

    assert.equal((await get(t, publicUrl)).status, 404, 'nothing is served before the upload');
    // The client's Content-Type is not trusted: the answer and the served type come from the bytes.
    const up = await put(t, uploadUrl, image, 'application/octet-stream');
    assert.equal(up.status, 200, JSON.stringify(up.body));
    assert.deepEqual(up.body.data, { url: publicUrl, mimeType: 'image/png', size: image.length });

    const served = await get(t, publicUrl);
    assert.equal(served.status, 200);
    assert.equal(served.headers['content-type'], 'image/png');
    assert.equal(served.headers['accept-ranges'], 'bytes');
    assert.ok(served.raw.equals(image));

    const again = await put(t, uploadUrl, image);
    assert.equal(again.status, 409);
    assert.match(again.body.message, /already used/);
  });

  it('serves byte ranges of a video, and 416 outside it', async () => {
    const video = mp4Stub(10_000);
    const { uploadUrl, publicUrl } = (await ask({ filename: 'clip.mp4', mimeType: 'video/mp4' })).body.data;
    assert.equal((await put(t, uploadUrl, video, 'video/mp4')).status, 200);
    const part = await get(t, publicUrl, { range: 'bytes=100-199' });
    assert.equal(part.status, 206);
    assert.equal(part.headers['content-range'], 'bytes 100-199/10000');
    assert.equal(part.headers['content-type'], 'video/mp4');
    assert.ok(part.raw.equals(video.subarray(100, 200)));
    const tail = await get(t, publicUrl, { range: 'bytes=-10' });
    assert.equal(tail.status, 206);
    assert.ok(tail.raw.equals(video.subarray(9990)));
    const outside = await get(t, publicUrl, { range: 'bytes=20000-' });
    assert.equal(outside.status, 416);
    assert.equal(outside.headers['content-range'], 'bytes */10000');
    assert.equal(JSON.parse(outside.text).success, false);
    const head = await t.service.server!.inject({ method: 'HEAD', url: pathOf(publicUrl) });
    assert.equal(head.statusCode, 200);
    assert.equal(head.headers['content-length'], '10000');
  });

  it('takes files far larger than the JSON body limit, streamed', async () => {
    const video = mp4Stub(3 * 1024 * 1024 + 17);
    assert.ok(video.length > t.ctx.config.BODY_LIMIT_BYTES);
    const { uploadUrl, publicUrl } = (await ask({ filename: 'big.mp4', mimeType: 'video/mp4' })).body.data;
    const up = await put(t, uploadUrl, video, 'video/mp4');
    assert.equal(up.status, 200, JSON.stringify(up.body));
    assert.equal(up.body.data.size, video.length);
    const served = await get(t, publicUrl, { range: `bytes=${video.length - 17}-` });
    assert.ok(served.raw.equals(video.subarray(video.length - 17)));
  });

  it('refuses bytes that are not the announced type, and lets the same URL take the right file', async () => {
    const { uploadUrl } = (await ask({ filename: 'a.png', mimeType: 'image/png' })).body.data;
    const wrong = await put(t, uploadUrl, mp4Stub(2000), 'image/png');
    assert.equal(wrong.status, 400);
    assert.match(wrong.body.message, /video\/mp4, not image\/png/);
    const text = await put(t, uploadUrl, 'just some text', 'image/png');
    assert.equal(text.status, 400);
    assert.equal((await put(t, uploadUrl, png(8, 8), 'image/png')).status, 200);
  });

  it('refuses a body larger than announced (413) or different in size (400), and an empty one', async () => {
    const { uploadUrl } = (await ask({ filename: 'a.png', mimeType: 'image/png', size: 100 })).body.data;
    const big = await put(t, uploadUrl, png(64, 64, 400), 'image/png');
    assert.equal(big.status, 413);
    const small = png(8, 8);
    const short = await put(t, uploadUrl, small, 'image/png');
    assert.equal(short.status, 400);
    assert.match(short.body.message, /100 were announced/);
    const empty = await put(t, uploadUrl, Buffer.alloc(0), 'image/png');
    assert.equal(empty.status, 400);
    assert.match(empty.body.message, /empty/);
  });

  it('refuses an altered or expired URL with 403, and an unknown upload', async () => {
    const { uploadUrl } = (await ask({ filename: 'a.png', mimeType: 'image/png' })).body.data;
    const u = new URL(uploadUrl);
    const sig = u.searchParams.get('signature') ?? '';
    const altered = new URL(uploadUrl);
    altered.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600));
    assert.equal((await put(t, altered.toString(), png(8, 8))).status, 403);
    const badSig = new URL(uploadUrl);
    badSig.searchParams.set('signature', sig.replace(/^./, sig[0] === 'a' ? 'b' : 'a'));
    assert.equal((await put(t, badSig.toString(), png(8, 8))).status, 403);
    const junk = new URL(uploadUrl);
    junk.searchParams.set('signature', 'not-hex');
    assert.equal((await put(t, junk.toString(), png(8, 8))).status, 403);
    const noQuery = await put(t, `${u.origin}${u.pathname}`, png(8, 8));
    assert.equal(noQuery.status, 400);

    // A correctly signed URL whose time has passed.
    const signer = createUrlSigner(Buffer.from(t.ctx.config.ENCRYPTION_KEY ?? '', 'base64'));
    const id = u.pathname.split('/').pop() ?? '';
    const past = Math.floor(Date.now() / 1000) - 10;
    const expired = await put(
      t,
      `${u.origin}${u.pathname}?expires=${past}&signature=${signer.sign(id, past)}`,
      png(8, 8),
    );
    assert.equal(expired.status, 403);
    assert.match(expired.body.message, /expired/);
    // Signed by us, but no such upload.
    const future = past + 3600;
    const ghost = await put(
      t,
      `${u.origin}/v1/media/uploads/media_x?expires=${future}&signature=${signer.sign('media_x', future)}`,
      png(8, 8),
    );
    assert.equal(ghost.status, 404);
  });

  it('checks type and size when the URL is asked for, and says which platforms will refuse the file', async () => {
    const exe = await ask({ filename: 'a.exe', mimeType: 'application/x-msdownload' });
    assert.equal(exe.status, 400);
    assert.match(exe.body.message, /not accepted/);
    const huge = await ask({
      filename: 'a.mp4',
      mimeType: 'video/mp4',
      size: t.ctx.config.MEDIA_MAX_BYTES + 1,
    });
    assert.equal(huge.status, 413);
    const big = await ask({ filename: 'a.jpg', mimeType: 'image/jpeg', size: 3_000_000 });
    assert.equal(big.status, 200);
    assert.ok(big.body.data.warnings.some((w: string) => w.startsWith('bluesky:')));
    assert.ok(!big.body.data.warnings.some((w: string) => w.startsWith('instagram:')));
    assert.equal((await ask({ filename: 'a.png' })).status, 400);
    assert.equal((await ask({ filename: 'a.png', mimeType: 'image/png', extra: 1 })).status, 400);
    const noKey = await t.request(
      'POST',
      '/v1/media/upload',
      { filename: 'a.png', mimeType: 'image/png' },
      { 'x-access-key': '' },
    );
    assert.equal(noKey.status, 401);
  });

  it('keeps the raw upload body to upload routes: a JSON route sent it answers 400', async () => {
    const res = await t.service.server!.inject({
      method: 'POST',
      url: '/v1/media/upload',
      payload: 'x',
      headers: { 'x-access-key': t.accessKey, 'content-type': 'application/x-raw-upload-body' },
    });
    assert.equal(res.statusCode, 400);
    assert.match(res.body, /Content-Type must be application\/json/);
  });

  it('answers 404 for files that do not exist, whatever the path', async () => {
    for (const p of [
      '/v1/media/files/media_x/a.png',
      '/v1/media/files/..%2F..%2Fetc/passwd',
      '/v1/media/files/a/b',
    ]) {
      const res = await get(t, `http://localhost${p}`);
      assert.equal(res.status, 404, p);
    }
  });
});
