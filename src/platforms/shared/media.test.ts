import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MediaError, type MediaErrorKind } from '../../media/errors.ts';
import { createMediaStager, type MediaStager } from '../../media/stage.ts';
import { type FixtureServer, png, startFixtureServer } from '../../media/testing.ts';
import { createOutboundClient } from '../../net/outbound.ts';
import { PlatformError } from '../contract.ts';
import { assertThumbnail, mediaToPlatformError, stageAll, stageOne } from './media.ts';

const signal = new AbortController().signal;

async function platformFailure(p: Promise<unknown>): Promise<PlatformError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof PlatformError, `expected a PlatformError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected a failure');
}

describe('media errors at the adapter edge', () => {
  it('maps each kind to the class the engine acts on, keeping the message that names the item', () => {
    const expected: Record<MediaErrorKind, 'transient' | 'permanent'> = {
      unreachable: 'transient',
      timeout: 'transient',
      not_found: 'permanent',
      refused: 'permanent',
      too_large: 'permanent',
      empty: 'permanent',
      wrong_type: 'permanent',
      bad_thumbnail: 'permanent',
    };
    for (const [kind, errorClass] of Object.entries(expected)) {
      const mapped = mediaToPlatformError(
        new MediaError(kind as MediaErrorKind, 'media item 2', 'https://m/x', 'why'),
      );
      assert.ok(mapped instanceof PlatformError, kind);
      assert.equal(mapped.errorClass, errorClass, kind);
      assert.equal(mapped.message, 'media item 2 (https://m/x) why');
    }
    const other = new Error('disk full');
    assert.equal(mediaToPlatformError(other), other);
  });

  describe('staging through the helpers', () => {
    let fixtures: FixtureServer;
    let stager: MediaStager;
    before(async () => {
      fixtures = await startFixtureServer();
      stager = createMediaStager({
        outbound: createOutboundClient({ allowlist: ['127.0.0.1'] }),
        maxBytes: 1024 * 1024,
        fetchTimeoutMs: 5000,
      });
    });
    after(() => fixtures.close());

    it('stageOne: a missing item is permanent, a failing source transient, both naming the item', async () => {
      const missing = await platformFailure(
        stageOne(stager, { type: 'image', url: `${fixtures.url}/nope.png` }, 'videoThumbnailUrl', signal),
      );
      assert.equal(missing.errorClass, 'permanent');
      assert.equal(
        missing.message,
        `videoThumbnailUrl (${fixtures.url}/nope.png) could not be fetched: HTTP 404`,
      );
      const down = await platformFailure(
        stageOne(stager, { type: 'image', url: `${fixtures.url}/status/503` }, 'media item 1', signal),
      );
      assert.equal(down.errorClass, 'transient');
      assert.equal(down.message, `media item 1 (${fixtures.url}/status/503) could not be fetched: HTTP 503`);
      const ok = await stageOne(
        stager,
        { type: 'image', url: fixtures.set('/a.png', png(4, 4), 'image/png') },
        'media item 1',
        signal,
      );
      assert.equal(ok.mimeType, 'image/png');
      await ok.dispose();
    });

    it('stageAll: labels each item, and a wrong type is permanent', async () => {
      const good = fixtures.set('/b.png', png(4, 4), 'image/png');
      const staged = await stageAll(stager, [{ type: 'image', url: good }], signal, (i) => `image ${i + 1}`);
      assert.deepEqual(
        staged.map((s) => s.label),
        ['image 1'],
      );
      await staged[0]?.dispose();
      const err = await platformFailure(
        stageAll(
          stager,
          [
            { type: 'image', url: good },
            { type: 'video', url: good },
          ],
          signal,
        ),
      );
      assert.equal(err.errorClass, 'permanent');
      assert.equal(err.message, `media item 2 (${good}) is not a video: its content is image/png`);
    });

    it('assertThumbnail: a thumbnail that breaks the rules is permanent', async () => {
      const staged = await stageOne(
        stager,
        { type: 'image', url: fixtures.set('/t.png', png(320, 200), 'image/png') },
        'videoThumbnailUrl',
        signal,
      );
      try {
        assert.throws(
          () => assertThumbnail(staged),
          (e) =>
            e instanceof PlatformError &&
            e.errorClass === 'permanent' &&
            /^videoThumbnailUrl \(.*\/t\.png\) must be at least 640 px wide, it is 320 px$/.test(e.message),
        );
      } finally {
        await staged.dispose();
      }
    });
  });
});
