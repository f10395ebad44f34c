/**
 * The LinkedIn adapter against the simulator over real HTTP: what is LinkedIn's own
 * (little text escaping, mentions, organizations, media uploads, the version header).
 * The error classes, lost creates (reconciled through the duplicate answer), crash
 * resume and delete every publisher shares are in conformance.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { loadConfig } from '../../config.ts';
import { mp4Stub, pdf, png } from '../../media/testing.ts';
import type { AccountCredentials } from '../contract.ts';
import { type AdapterHarness, platformFailure, startAdapterHarness } from '../shared/testing.ts';
import { linkedinModule } from './index.ts';

const MEMBER = 'SimMember001';
/** The version every call carries under the default settings. */
const linkedinVersion = () => loadConfig().LINKEDIN_API_VERSION;
const adapter = linkedinModule.publisher;
type Rec = Record<string, unknown>;

describe('LinkedIn adapter against the simulator', () => {
  let h: AdapterHarness;
  let person: AccountCredentials;
  before(async () => {
    h = await startAdapterHarness('linkedin');
  });
  after(() => h.close());
  beforeEach(() => {
    h.sim.faults.clear();
    person = h.account(MEMBER);
  });
  const post = (urn: string) => h.sim.state.getPost('linkedin', urn)?.data as Rec;
  let n = 0;
  const unique = (s: string) => `${s} ${++n}`;

  it('publishes as a person with escaped little text, hashtags, mentions, the version header and the x-restli-id URN', async () => {
    const content = unique('Hello (world) #launch with Sim Corp! 1*2_3 ~ see https://example.com/a_b');
    h.sim.calls.clear();
    const result = await adapter.publish(
      h.context({
        account: person,
        content,
        platformSpecificData: { mentions: [{ text: 'Sim Corp', urn: 'urn:li:organization:100000001' }] },
      }),
    );
    assert.match(result.platformPostId, /^urn:li:share:\d+$/);
    assert.equal(result.platformPostUrl, `https://www.linkedin.com/feed/update/${result.platformPostId}`);
    const stored = post(result.platformPostId);
    const expected = `Hello \\(world\\) {hashtag|\\#|launch} with @[Sim Corp](urn:li:organization:100000001)! 1\\*2\\_3 \\~ see https://example.com/a_b ${n}`;
    assert.equal(stored.sentCommentary, expected);
    assert.equal(stored.commentary, expected, 'nothing was cut off by an unescaped reserved character');
    assert.equal(stored.author, `urn:li:person:${MEMBER}`);
    assert.equal(stored.visibility, 'PUBLIC');
    const call = h.sim.calls.last({ path: '/rest/posts' });
    assert.equal(call?.headers['linkedin-version'], linkedinVersion());
    assert.equal(call?.headers['x-restli-protocol-version'], '2.0.0');
  });

  it('the simulator cuts unescaped text as LinkedIn does (what the escaping prevents)', async () => {
    const res = await fetch(`${h.sim.baseUrl('linkedin')}/rest/posts`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${person.accessToken}`,
        'linkedin-version': linkedinVersion(),
        'x-restli-protocol-version': '2.0.0',
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        author: `urn:li:person:${MEMBER}`,
        commentary: 'before (after',
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED' },
        lifecycleState: 'PUBLISHED',
      }),
    });
    assert.equal(res.status, 201);
    assert.equal(post(String(res.headers.get('x-restli-id'))).commentary, 'before ');
  });

  it('publishes as an organization with CONNECTIONS visibility and an article share', async () => {
    const org = h.account(MEMBER, { accountType: 'organization' });
    org.platformUserId = '100000001';
    const result = await adapter.publish(
      h.context({
        account: org,
        content: unique('Read our article'),
        platformSpecificData: {
          visibility: 'CONNECTIONS',
          articleUrl: 'https://example.com/news',
          articleTitle: 'News',
          articleDescription: 'What happened',
        },
      }),
    );
    const stored = post(result.platformPostId);
    assert.equal(stored.author, 'urn:li:organization:100000001');
    assert.equal(stored.visibility, 'CONNECTIONS');
    assert.deepEqual(stored.content, {
      article: { source: 'https://example.com/news', title: 'News', description: 'What happened' },
    });
  });

  it("is held to LinkedIn's image rules: an image over 5 MB ends PROCESSING_FAILED, no post", async () => {
    const heavy = {
      type: 'image' as const,
      url: h.fixtures.set('/li/heavy.png', png(200, 100, 6_000_000), 'image/png'),
    };
    const err = await platformFailure(
      adapter.publish(h.context({ account: person, content: unique('heavy image'), mediaItems: [heavy] })),
    );
    assert.equal(err.errorClass, 'permanent');
    assert.match(err.message, /could not be processed: processing failed/);
  });

  it('uploads an image, several images, a video in parts with ETags, and a document with its title', async () => {
    const img = (w: number) => ({
      type: 'image' as const,
      url: h.fixtures.set(`/li/${w}.png`, png(w, 100), 'image/png'),
    });
    const one = await adapter.publish(
      h.context({ account: person, content: unique('one image'), mediaItems: [img(200)] }),
    );
    assert.match(
      String((post(one.platformPostId).content as { media: { id: string } }).media.id),
      /^urn:li:image:/,
    );

    const many = await adapter.publish(
      h.context({ account: person, content: unique('two images'), mediaItems: [img(300), img(400)] }),
    );
    assert.equal(
      (post(many.platformPostId).content as { multiImage: { images: unknown[] } }).multiImage.images.length,
      2,
    );

    h.sim.calls.clear();
    const video = {
      type: 'video' as const,
      url: h.fixtures.set('/li/v.mp4', mp4Stub(9 * 1024 * 1024), 'video/mp4'),
    };
    const withVideo = await adapter.publish(
      h.context({ account: person, content: unique('a video'), mediaItems: [video] }),
    );
    assert.match(
      String((post(withVideo.platformPostId).content as { media: { id: string } }).media.id),
      /^urn:li:video:/,
    );
    assert.equal(h.sim.calls.count({ method: 'PUT', path: /^\/dms-uploads\// }), 3);
    assert.equal(
      h.sim.calls.count({ path: '/rest/videos', method: 'POST' }),
      2,
      'initializeUpload and finalizeUpload',
    );

    const doc = { type: 'document' as const, url: h.fixtures.set('/li/deck.pdf', pdf(), 'application/pdf') };
    const withDoc = await adapter.publish(
      h.context({
        account: person,
        content: unique('a deck'),
        mediaItems: [doc],
        platformSpecificData: { documentTitle: 'Our deck' },
      }),
    );
    const media = (post(withDoc.platformPostId).content as { media: { id: string; title: string } }).media;
    assert.match(media.id, /^urn:li:document:/);
    assert.equal(media.title, 'Our deck');
  });

  it('fails for good on a LinkedIn-Version the platform no longer serves (426), with its code', async () => {
    h.sim.faults.add({
      platform: 'linkedin',
      path: '/rest/posts',
      status: 426,
      body: { status: 426, code: 'NONEXISTENT_VERSION', message: 'Requested version 202001 is not active' },
      times: 1,
    });
    const version = await platformFailure(
      adapter.publish(h.context({ account: person, content: unique('v') })),
    );
    assert.equal(version.errorClass, 'permanent');
    assert.equal(version.platformCode, 'NONEXISTENT_VERSION');
  });

  it('sends the configured LinkedIn-Version; a retired one fails for good, naming the version', async () => {
    const configured = linkedinVersion();
    h.sim.contracts.expect({
      platform: 'linkedin',
      operation: 'posts.create',
      problem: /linkedin-version 202001 is not the version the description was read at/,
      why: 'a retired LinkedIn-Version sent on purpose, to see LinkedIn refuse it',
    });
    const retired = await platformFailure(
      adapter.publish(
        h.context({ account: person, content: unique('retired version'), apiVersion: '202001' }),
      ),
    );
    assert.equal(retired.errorClass, 'permanent');
    assert.equal(retired.platformCode, 'NONEXISTENT_VERSION');
    assert.match(retired.message, /Requested version 202001 is not active/);
    await adapter.publish(h.context({ account: person, content: unique('current version') }));
    const call = h.sim.calls.last({ path: '/rest/posts' });
    assert.equal(call?.headers['linkedin-version'], configured);
  });
});
