/**
 * Mastodon's adapter and Mastodon.py's recordings of real Mastodon traffic
 * (src/simulator/contracts/recordings/mastodon.mastodonpy.json): the simulator
 * answers with the recorded answers (fault rules), our adapter reads them, and the
 * requests it sends have the recorded requests' fields (Mastodon.py sends form
 * bodies, we send JSON: the fields are what is compared).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  loadRecordings,
  type RecordedAnswer,
  type RecordedRequest,
} from '../../simulator/contracts/recordings.ts';
import { type AdapterHarness, startAdapterHarness } from '../shared/testing.ts';
import { mastodonModule } from './index.ts';
import { forgetInstanceLimits, limitsFrom } from './limits.ts';

const rec = loadRecordings().find((r) => r.file === 'mastodon.mastodonpy.json')!;
const recorded = (op: string) => rec.interactions[op]!;
const keys = (v: unknown) => Object.keys((v ?? {}) as object).sort();

describe("Mastodon's adapter and Mastodon.py's recordings", () => {
  let h: AdapterHarness;
  const answerWith = (req: RecordedRequest, res: RecordedAnswer) =>
    h.sim.faults.add({
      platform: 'mastodon',
      method: req.method,
      path: new RegExp(`^${req.path.replace(/\/\d+(?=\/|$)/g, '/\\d+')}$`),
      status: res.status,
      body: res.body,
      headers: res.headers,
      times: 1,
    });
  before(async () => {
    h = await startAdapterHarness('mastodon');
    forgetInstanceLimits();
  });
  after(() => h.close());

  it('reads the limits of the recorded instance', () => {
    const body = recorded('getInstanceV2').response.body as {
      configuration: { statuses: Record<string, number>; polls: Record<string, number> };
    };
    const limits = limitsFrom(body);
    assert.equal(limits.maxCharacters, body.configuration.statuses.max_characters);
    assert.equal(limits.maxMedia, body.configuration.statuses.max_media_attachments);
    assert.equal(limits.pollMaxOptions, body.configuration.polls.max_options);
  });

  it('creates a status with a content warning as Mastodon.py did, and reads the recorded answer', async () => {
    const { request, response } = recorded('createStatus');
    const sent = request.body as { status: string; visibility: string; spoiler_text: string };
    answerWith(request, response);
    const account = h.account('117020565966271181', { username: 'mastodonpy_test' });
    const result = await mastodonModule.publisher.publish(
      h.context({
        account,
        content: sent.status,
        platformSpecificData: { visibility: sent.visibility, spoilerText: sent.spoiler_text },
      }),
    );
    assert.equal(result.state === 'published' && result.platformPostId, (response.body as { id: string }).id);
    const call = h.sim.calls.last({ method: 'POST', path: '/api/v1/statuses' });
    assert.deepEqual(keys(call?.body), keys(request.body), 'the fields Mastodon.py sent for this status');
    assert.ok(call?.headers['idempotency-key'], 'with an Idempotency-Key');
  });

  it('edits alt text with the fields of the recorded edit', async () => {
    const { request, response } = recorded('updateStatus');
    const body = request.body as { status: string; media_ids: string[]; media_attributes: object[] };
    answerWith(request, response);
    const id = request.path.split('/').pop()!;
    await mastodonModule.editor.edit({
      account: h.account('117020565966271181'),
      platformPostId: id,
      checkpoint: { media: { 0: body.media_ids } },
      target: {
        content: body.status,
        platformSpecificData: { altText: ['Updated description'] },
        mediaItems: [],
      },
      changes: { content: true, options: ['altText'] },
      baseUrl: h.sim.baseUrl('mastodon'),
      platformUrls: h.deleteContext(h.account('117020565966271181'), id).platformUrls,
      signal: new AbortController().signal,
      log: h.context({ account: h.account('1'), content: '' }).log,
    });
    const call = h.sim.calls.last({ method: 'PUT' });
    const ours = call?.body as { media_ids: string[]; media_attributes: object[] };
    assert.deepEqual(ours.media_ids, body.media_ids);
    for (const k of keys(ours.media_attributes[0]))
      assert.ok(keys(body.media_attributes[0]).includes(k), `media_attributes.${k} as recorded`);
  });

  it('deletes, reading the recorded answer (the source text in place of the content)', async () => {
    const { request, response } = recorded('deleteStatus');
    answerWith(request, response);
    const id = request.path.split('/').pop()!;
    await mastodonModule.publisher.delete(h.deleteContext(h.account('117020565966271181'), id));
    assert.equal(h.sim.calls.last({ method: 'DELETE' })?.path, request.path);
  });
});
