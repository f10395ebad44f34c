/**
 * The Telegram adapter against the simulator over real HTTP: what is Telegram's
 * own here is its photo and video rules (media-rules.ts), which the simulator holds
 * a bot's uploads to as the Bot API does. The error classes, lost creates and the
 * rest every publisher shares are in conformance.test.ts.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SANDBOX_TELEGRAM } from '../../facts/sandbox-app.ts';
import { png, realMp4, realWebm } from '../../media/testing.ts';
import type { AccountCredentials } from '../contract.ts';
import { type AdapterHarness, platformFailure, startAdapterHarness } from '../shared/testing.ts';
import { telegramModule } from './index.ts';

const adapter = telegramModule.publisher;

describe('Telegram adapter against the simulator: media rules', () => {
  let h: AdapterHarness;
  let account: AccountCredentials;
  let dir: string;
  let seq = 0;
  before(async () => {
    h = await startAdapterHarness('telegram');
    // The seeded bot's token; the chat @sim_channel is the account.
    account = h.account('7000000001', { chatUsername: SANDBOX_TELEGRAM.chatId.slice(1) }, '-1001000000001');
    dir = await mkdtemp(join(tmpdir(), 'tg-rules-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
    await h.close();
  });
  const image = (w: number, h2: number) => ({
    type: 'image' as const,
    url: h.fixtures.set(`/tg/p${++seq}.png`, png(w, h2), 'image/png'),
  });
  const messages = (caption: string) =>
    h.sim.state.listPosts('telegram', { where: (p) => p.data.caption === caption });

  it('refuses a photo whose sides pass 10000 together or differ more than 20 times (PHOTO_INVALID_DIMENSIONS); a 1000×3000 one is sent', async () => {
    for (const [w, ht] of [
      [9000, 2000],
      [100, 2100],
    ] as const) {
      const caption = `too big a frame ${++seq}`;
      const err = await platformFailure(
        adapter.publish(h.context({ account, content: caption, mediaItems: [image(w, ht)] })),
      );
      assert.equal(err.errorClass, 'permanent');
      assert.match(err.message, /Bad Request: PHOTO_INVALID_DIMENSIONS/);
      assert.equal(messages(caption).length, 0);
    }
    const caption = `a tall photo ${++seq}`;
    const done = await adapter.publish(
      h.context({ account, content: caption, mediaItems: [image(1000, 3000)] }),
    );
    assert.equal(done.state, 'published');
    assert.equal((messages(caption)[0]?.data.media as { kind?: string } | undefined)?.kind, 'photo');
  });

  it('sends a video that is not MPEG-4 as a document, as Telegram does; an MP4 as a video', async () => {
    assert.ok(await realWebm(join(dir, 'v.webm'), 320, 240, 1), 'ffmpeg made the WebM');
    assert.ok(await realMp4(join(dir, 'v.mp4')), 'ffmpeg made the MP4');
    const send = async (file: string, type: string) => {
      const caption = `a video ${++seq}`;
      const url = h.fixtures.set(`/tg/v${seq}`, await readFile(join(dir, file)), type);
      const done = await adapter.publish(
        h.context({ account, content: caption, mediaItems: [{ type: 'video', url }] }),
      );
      assert.equal(done.state, 'published');
      return (messages(caption)[0]?.data.media as { kind?: string } | undefined)?.kind;
    };
    assert.equal(await send('v.webm', 'video/webm'), 'document');
    assert.equal(await send('v.mp4', 'video/mp4'), 'video');
  });
});
